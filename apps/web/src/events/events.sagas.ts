import { all, call, put, select, takeEvery, takeLatest } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken } from '../auth/token.sagas';
import { feedReconnected, liveGapsFound, siteResyncRequested } from '../livefeed/livefeed.actions';
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

/**
 * Live messages update the page themselves; only a reconnect, a resync of the shown site or a gap in
 * the feed about it asks again.
 */
function* refreshAfterMiss(
  action:
    ReturnType<typeof feedReconnected> | ReturnType<typeof siteResyncRequested> | ReturnType<typeof liveGapsFound>,
) {
  const { hwaddr } = yield* select(selectEvents);
  if (hwaddr === null) return;
  if (siteResyncRequested.match(action) && action.payload.hwaddr !== hwaddr) return;
  if (liveGapsFound.match(action) && !action.payload.hwaddrs.includes(hwaddr)) return;
  yield* put(eventsRefreshRequested());
}

export function* eventsSaga() {
  yield* all([
    takeLatest(
      [
        eventsOpened.type,
        eventsCategoryChosen.type,
        eventsDatesChosen.type,
        eventsPageChosen.type,
        eventsRefreshRequested.type,
      ],
      loadEventsPage,
    ),
    takeEvery([feedReconnected.type, siteResyncRequested.type, liveGapsFound.type], refreshAfterMiss),
  ]);
}
