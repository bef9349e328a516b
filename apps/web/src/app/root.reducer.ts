import { combineReducers, type ReducersMapObject } from '@reduxjs/toolkit';
import { accountSlice } from '../account/account.slice';
import { accountActivitySlice } from '../account-activity/account-activity.slice';
import { alarmsSlice } from '../alarms/alarms.slice';
import { authSlice } from '../auth/auth.slice';
import { companiesSlice } from '../companies/companies.slice';
import { escalationSlice } from '../escalation/escalation.slice';
import { eventsExportSlice } from '../events/events-export.slice';
import { eventsSlice } from '../events/events.slice';
import { invitationsSlice } from '../invitations/invitations.slice';
import { notificationsSlice } from '../notifications/notifications.slice';
import { panelClockSlice } from '../panel-clock/panel-clock.slice';
import { panelsSlice } from '../panels/panels.slice';
import { pushSlice } from '../push/push.slice';
import { quietHoursSlice } from '../quiet-hours/quiet-hours.slice';
import { livefeedSlice } from '../livefeed/livefeed.slice';
import { relaysSlice } from '../relays/relays.slice';
import { sessionsSlice } from '../sessions/sessions.slice';
import { siteAccessSlice } from '../site-access/site-access.slice';
import { sitesSlice } from '../sites/sites.slice';
import { systemSlice } from '../system/system.slice';
import { toastsSlice } from '../toasts/toasts.slice';
import { twoFactorSlice } from '../two-factor/two-factor.slice';
import { webhooksSlice } from '../webhooks/webhooks.slice';
import type { RootState } from '../shared/root-state.types';

/**
 * One reducer per key of RootState, which each domain declares beside its slice: a key missing here,
 * or a reducer of another shape or under another name, does not compile.
 */
export const rootReducer = combineReducers({
  [systemSlice.name]: systemSlice.reducer,
  [authSlice.name]: authSlice.reducer,
  [accountSlice.name]: accountSlice.reducer,
  [sitesSlice.name]: sitesSlice.reducer,
  [eventsSlice.name]: eventsSlice.reducer,
  [eventsExportSlice.name]: eventsExportSlice.reducer,
  [notificationsSlice.name]: notificationsSlice.reducer,
  [alarmsSlice.name]: alarmsSlice.reducer,
  [panelsSlice.name]: panelsSlice.reducer,
  [panelClockSlice.name]: panelClockSlice.reducer,
  [relaysSlice.name]: relaysSlice.reducer,
  [webhooksSlice.name]: webhooksSlice.reducer,
  [escalationSlice.name]: escalationSlice.reducer,
  [siteAccessSlice.name]: siteAccessSlice.reducer,
  [pushSlice.name]: pushSlice.reducer,
  [quietHoursSlice.name]: quietHoursSlice.reducer,
  [twoFactorSlice.name]: twoFactorSlice.reducer,
  [sessionsSlice.name]: sessionsSlice.reducer,
  [accountActivitySlice.name]: accountActivitySlice.reducer,
  [companiesSlice.name]: companiesSlice.reducer,
  [invitationsSlice.name]: invitationsSlice.reducer,
  [livefeedSlice.name]: livefeedSlice.reducer,
  [toastsSlice.name]: toastsSlice.reducer,
} satisfies ReducersMapObject<RootState>);
