import { all, put, select, takeEvery } from 'typed-redux-saga';
import type { RootState } from '../shared/root-state.types';
import { selectOtherEventToasts } from '../account/account.selectors';
import { connectionReceived, logEventsReceived, notificationEventReceived } from './livefeed.actions';
import { toastClosed, toastRequested, toastsRequested } from '../toasts/toasts.slice';
import type { LivefeedSites } from './livefeed-sites.types';
import {
  communicationLostToast,
  connectionToast,
  endBurst,
  liveEventToasts,
  reportedLossKey,
  type Burst,
} from './live-toasts.util';

/**
 * Live events and connection changes are told as toasts (spec 7), named by the site's label; here
 * rather than in toasts, so that toasts, which every domain may use, imports none. Fire and fault
 * each get theirs; a site's other events are gathered into one toast per burst (live-toasts.util.ts),
 * and none when the account turned them off. One action per batch of events. A panel's loss of
 * communication, once reported, is told as a fault is, once per loss.
 */
function* logEventToasts(
  sites: LivefeedSites,
  bursts: Map<string, Burst>,
  action: ReturnType<typeof logEventsReceived>,
) {
  const state: RootState = yield* select((root: RootState) => root);
  const toasts = liveEventToasts(action.payload, bursts, {
    otherEvents: selectOtherEventToasts(state),
    siteName: (hwaddr) => sites.siteLabel(state, hwaddr),
  });
  if (toasts.length > 0) yield* put(toastsRequested(toasts));
}

function* connectionToastSaga(sites: LivefeedSites, action: ReturnType<typeof connectionReceived>) {
  const name = yield* select(sites.siteLabel, action.payload.hwaddr);
  yield* put(toastRequested(connectionToast(name, action.payload.connected)));
}

function* communicationLostToastSaga(
  sites: LivefeedSites,
  toldLosses: Set<string>,
  action: ReturnType<typeof notificationEventReceived>,
) {
  const loss = reportedLossKey(action.payload.notification);
  if (loss === null || toldLosses.has(loss)) return;
  toldLosses.add(loss);
  const name = yield* select(sites.siteLabel, action.payload.hwaddr);
  yield* put(toastRequested(communicationLostToast(action.payload.notification, name)));
}

export function* liveToastsSaga(sites: LivefeedSites) {
  /** Each site's open burst of other events, by hwaddr; this session's only. */
  const bursts = new Map<string, Burst>();
  /** The losses of communication told already (reportedLossKey); this session's only. */
  const toldLosses = new Set<string>();
  yield* all([
    takeEvery(logEventsReceived.type, logEventToasts, sites, bursts),
    takeEvery(toastClosed.type, (action: ReturnType<typeof toastClosed>) => endBurst(bursts, action.payload.id)),
    takeEvery(connectionReceived.type, connectionToastSaga, sites),
    takeEvery(notificationEventReceived.type, communicationLostToastSaga, sites, toldLosses),
  ]);
}
