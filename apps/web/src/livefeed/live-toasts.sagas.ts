import { all, put, select, takeEvery } from 'typed-redux-saga';
import type { RootState } from '../app/root.reducer';
import { connectionReceived, logEventsReceived } from './livefeed.actions';
import { selectSiteLabel } from '../sites/sites.selectors';
import { toastRequested, toastsRequested } from '../toasts/toasts.slice';
import { connectionToast, logEventToast } from './live-toasts.util';

/**
 * Live events and connection changes are told as toasts (spec 7), named by the site's label; here
 * rather than in toasts, so that toasts, which every domain may use, imports none.
 */
function* logEventToasts(action: ReturnType<typeof logEventsReceived>) {
  const state: RootState = yield* select((root: RootState) => root);
  yield* put(
    toastsRequested(action.payload.map((event) => logEventToast(event, selectSiteLabel(state, event.hwaddr)))),
  );
}

function* connectionToastSaga(action: ReturnType<typeof connectionReceived>) {
  const name = yield* select(selectSiteLabel, action.payload.hwaddr);
  yield* put(toastRequested(connectionToast(name, action.payload.connected)));
}

export function* liveToastsSaga() {
  yield* all([
    takeEvery(logEventsReceived.type, logEventToasts),
    takeEvery(connectionReceived.type, connectionToastSaga),
  ]);
}
