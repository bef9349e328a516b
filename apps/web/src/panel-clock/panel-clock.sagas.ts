import type { Action } from '@reduxjs/toolkit';
import { all, call, put, race, take, takeEvery, takeLatest } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { sessionCleared } from '../shared/session-cleared.action';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken } from '../auth/token.sagas';
import { logEventsReceived } from '../livefeed/livefeed.actions';
import { fetchPanelClock } from './panel-clock.api';
import { panelClockFailed, panelClockLoaded, panelClockRequested, panelClockSynced } from './panel-clock.slice';

function* readClock(action: ReturnType<typeof panelClockRequested>) {
  const hwaddr = action.payload;
  try {
    const reading = yield* call(fetchPanelClock, yield* call(requireClaimsToken), hwaddr);
    yield* put(panelClockLoaded({ hwaddr, reading }));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(panelClockFailed({ hwaddr, error: errorMessage(error) }));
  }
}

/**
 * After a sync the reading still shows the event before it: the clock is read again once the site's
 * next event arrives (the panel reports 'Clock set'), unless the session ends first.
 */
function* readAfterSync(action: ReturnType<typeof panelClockSynced>) {
  const hwaddr = action.payload;
  const { next } = yield* race({
    next: take(
      (arrived: Action) => logEventsReceived.match(arrived) && arrived.payload.some((event) => event.hwaddr === hwaddr),
    ),
    ended: take(sessionCleared.type),
  });
  if (next) yield* put(panelClockRequested(hwaddr));
}

export function* panelClockSaga() {
  yield* all([takeLatest(panelClockRequested.type, readClock), takeEvery(panelClockSynced.type, readAfterSync)]);
}
