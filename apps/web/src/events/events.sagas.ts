import { all, call, put, select, takeEvery, takeLatest } from 'typed-redux-saga';
import { errorMessage } from '../app/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken } from '../auth/token.sagas';
import { feedReconnected, siteResyncRequested } from '../live/live-feed.actions';
import { fetchEventsPage } from './events.api';
import { eventsQueryOf } from './events-query.util';
import { selectEvents } from './events.selectors';
import {
  eventsCategoryChosen,
  eventsDatesChosen,
  eventsLoaded,
  eventsLoadFailed,
  eventsOpened,
  eventsPageChosen,
  eventsRefreshRequested,
} from './events.slice';

/** Asks for the page the filters name; a newer request cancels an older one (takeLatest). */
export function* loadEventsPage() {
  const { hwaddr, filter } = yield* select(selectEvents);
  if (hwaddr === null) return;
  try {
    const claims = yield* call(requireClaimsToken);
    const page = yield* call(fetchEventsPage, claims, hwaddr, eventsQueryOf(filter));
    yield* put(eventsLoaded(page));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(eventsLoadFailed(errorMessage(error)));
  }
}

/** Live messages update the page themselves; only a reconnect, or a resync of the shown site, asks again. */
function* refreshAfterMiss(action: ReturnType<typeof feedReconnected> | ReturnType<typeof siteResyncRequested>) {
  const { hwaddr } = yield* select(selectEvents);
  if (hwaddr === null || (siteResyncRequested.match(action) && action.payload.hwaddr !== hwaddr)) return;
  yield* put(eventsRefreshRequested());
}

export function* eventsSaga() {
  yield* all([
    takeLatest(
      [eventsOpened.type, eventsCategoryChosen.type, eventsDatesChosen.type, eventsPageChosen.type, eventsRefreshRequested.type],
      loadEventsPage,
    ),
    takeEvery([feedReconnected.type, siteResyncRequested.type], refreshAfterMiss),
  ]);
}
