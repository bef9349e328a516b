import { all, fork } from 'typed-redux-saga';
import { accountSaga } from '../account/account.sagas';
import { alarmsSaga } from '../alarms/alarms.sagas';
import { authSaga } from '../auth/auth.sagas';
import { escalationSaga } from '../escalation/escalation.sagas';
import { eventsExportSaga } from '../events/events-export.sagas';
import { eventsSaga } from '../events/events.sagas';
import { notificationsSaga } from '../notifications/notifications.sagas';
import { panelClockSaga } from '../panel-clock/panel-clock.sagas';
import { panelsSaga } from '../panels/panels.sagas';
import { signedInSaga } from '../livefeed/signed-in.sagas';
import { relaysSaga } from '../relays/relays.sagas';
import { sitesSaga } from '../sites/sites.sagas';
import { selectSiteLabel } from '../sites/sites.selectors';
import { sitesLoaded, sitesLoadFailed, sitesLoadRequested } from '../sites/sites.slice';
import { serviceWorkerSaga } from '../system/service-worker.sagas';
import { systemSaga } from '../system/system.sagas';
import { toastsSaga } from '../toasts/toasts.sagas';
import { webhooksSaga } from '../webhooks/webhooks.sagas';
import type { PushBrowser } from '../push/push-browser';
import { pushSaga } from '../push/push.sagas';
import { quietHoursSaga } from '../quiet-hours/quiet-hours.sagas';

/** What of the browser the sagas reach through an object of their own, so that tests can hand another. */
export interface AppServices {
  pushBrowser: PushBrowser;
}

export function* rootSaga(services: AppServices) {
  yield* all([
    fork(systemSaga),
    fork(serviceWorkerSaga),
    fork(authSaga),
    fork(accountSaga),
    fork(sitesSaga),
    fork(eventsSaga),
    fork(eventsExportSaga),
    fork(notificationsSaga),
    // The alarms are named by the sites, whose tiles show Acknowledge: the sites domain lends its list's request.
    fork(alarmsSaga, { listRequested: sitesLoadRequested }),
    fork(panelsSaga),
    fork(panelClockSaga),
    fork(relaysSaga),
    fork(webhooksSaga),
    fork(escalationSaga),
    fork(pushSaga, services.pushBrowser),
    fork(quietHoursSaga),
    fork(toastsSaga),
    // The live feed's toasts name sites, and its auth check waits for the list: the sites domain
    // lends both, as the feed cannot import the domain that handles its messages.
    fork(signedInSaga, { siteLabel: selectSiteLabel, listSettled: [sitesLoaded.type, sitesLoadFailed.type] }),
  ]);
}
