import { all, call, put, select, takeLatest } from 'typed-redux-saga';
import { errorMessage } from '../app/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken } from '../auth/token.sagas';
import { markSiteEventsSeen } from '../sites/sites.sagas';
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

function* openEvents(action: ReturnType<typeof eventsOpened>) {
  yield* all([call(loadEventsPage), call(markSiteEventsSeen, action.payload.hwaddr)]);
}

export function* eventsSaga() {
  yield* takeLatest(
    [eventsOpened.type, eventsCategoryChosen.type, eventsDatesChosen.type, eventsPageChosen.type, eventsRefreshRequested.type],
    function* route(action: { type: string }) {
      if (eventsOpened.match(action)) yield* call(openEvents, action);
      else yield* call(loadEventsPage);
    },
  );
}
