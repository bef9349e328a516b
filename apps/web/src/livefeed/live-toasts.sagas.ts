import { all, put, select, takeEvery } from 'typed-redux-saga';
import type { RootState } from '../shared/root-state.types';
import { connectionReceived, logEventsReceived } from './livefeed.actions';
import { toastRequested, toastsRequested } from '../toasts/toasts.slice';
import type { LivefeedSites } from './livefeed-sites.types';
import { connectionToast, logEventToast } from './live-toasts.util';

/**
 * Live events and connection changes are told as toasts (spec 7), named by the site's label; here
 * rather than in toasts, so that toasts, which every domain may use, imports none.
 */
function* logEventToasts(sites: LivefeedSites, action: ReturnType<typeof logEventsReceived>) {
  const state: RootState = yield* select((root: RootState) => root);
  yield* put(
    toastsRequested(action.payload.map((event) => logEventToast(event, sites.siteLabel(state, event.hwaddr)))),
  );
}

function* connectionToastSaga(sites: LivefeedSites, action: ReturnType<typeof connectionReceived>) {
  const name = yield* select(sites.siteLabel, action.payload.hwaddr);
  yield* put(toastRequested(connectionToast(name, action.payload.connected)));
}

export function* liveToastsSaga(sites: LivefeedSites) {
  yield* all([
    takeEvery(logEventsReceived.type, logEventToasts, sites),
    takeEvery(connectionReceived.type, connectionToastSaga, sites),
  ]);
}
