import { all, fork } from 'typed-redux-saga';
import { accountSaga } from '../account/account.sagas';
import { alarmsSaga } from '../alarms/alarms.sagas';
import { authSaga } from '../auth/auth.sagas';
import { companiesSaga } from '../companies/companies.sagas';
import { escalationSaga } from '../escalation/escalation.sagas';
import { eventsExportSaga } from '../events/events-export.sagas';
import { eventsSaga } from '../events/events.sagas';
import { invitationsSaga } from '../invitations/invitations.sagas';
import { notificationsSaga } from '../notifications/notifications.sagas';
import { panelClockSaga } from '../panel-clock/panel-clock.sagas';
import { panelsSaga } from '../panels/panels.sagas';
import { signedInSaga } from '../livefeed/signed-in.sagas';
import { relaysSaga } from '../relays/relays.sagas';
import { siteAccessSaga } from '../site-access/site-access.sagas';
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
import { twoFactorSaga } from '../two-factor/two-factor.sagas';
import { sessionsSaga } from '../sessions/sessions.sagas';
import { accountActivitySaga } from '../account-activity/account-activity.sagas';
import { supervised } from './supervised.saga';

/** What of the browser the sagas reach through an object of their own, so that tests can hand another. */
export interface AppServices {
  pushBrowser: PushBrowser;
}

/**
 * Every domain's saga, each supervised: one that stops on an error it did not catch starts again
 * on its own, and the others run on.
 */
export function* rootSaga(services: AppServices) {
  yield* all([
    fork(supervised, 'system', systemSaga),
    fork(supervised, 'service worker', serviceWorkerSaga),
    fork(supervised, 'auth', authSaga),
    fork(supervised, 'account', accountSaga),
    fork(supervised, 'sites', sitesSaga),
    fork(supervised, 'events', eventsSaga),
    fork(supervised, 'events export', eventsExportSaga),
    fork(supervised, 'notifications', notificationsSaga),
    // The alarms are named by the sites, whose tiles show Acknowledge: the sites domain lends its list's request.
    fork(supervised, 'alarms', () => alarmsSaga({ listRequested: sitesLoadRequested })),
    fork(supervised, 'panels', panelsSaga),
    fork(supervised, 'panel clock', panelClockSaga),
    fork(supervised, 'relays', relaysSaga),
    fork(supervised, 'webhooks', webhooksSaga),
    fork(supervised, 'escalation', escalationSaga),
    fork(supervised, 'who has access', siteAccessSaga),
    fork(supervised, 'push', () => pushSaga(services.pushBrowser)),
    fork(supervised, 'quiet hours', quietHoursSaga),
    fork(supervised, 'two-factor sign-in', twoFactorSaga),
    fork(supervised, 'signed-in browsers', sessionsSaga),
    fork(supervised, 'account activity', accountActivitySaga),
    fork(supervised, 'companies', companiesSaga),
    fork(supervised, 'invitations', invitationsSaga),
    fork(supervised, 'toasts', toastsSaga),
    // The live feed's toasts name sites, and its auth check waits for the list: the sites domain
    // lends both, as the feed cannot import the domain that handles its messages.
    fork(supervised, 'live feed', () =>
      signedInSaga({ siteLabel: selectSiteLabel, listSettled: [sitesLoaded.type, sitesLoadFailed.type] }),
    ),
  ]);
}
