import { InitialSchema1795244903302 } from './1795244903302-initial-schema.migration';
import { PanelCommandAudit1795300000000 } from './1795300000000-panel-command-audit.migration';
import { PanelNetworkConfigSeq1795400000000 } from './1795400000000-panel-network-config-seq.migration';
import { NotificationRecipient1795500000000 } from './1795500000000-notification-recipient.migration';
import { PanelIdentities1795600000000 } from './1795600000000-panel-identities.migration';
import { DeadLetters1795700000000 } from './1795700000000-dead-letters.migration';
import { PanelCommandAuditOutcomes1795800000000 } from './1795800000000-panel-command-audit-outcomes.migration';
import { AlarmEffectRepeats1795900000000 } from './1795900000000-alarm-effect-repeats.migration';
import { RelayPulseMaximum1796000000000 } from './1796000000000-relay-pulse-maximum.migration';
import { PanelOutages1796100000000 } from './1796100000000-panel-outages.migration';
import { PanelCommandAuditCorrelation1796200000000 } from './1796200000000-panel-command-audit-correlation.migration';
import { UserToastPreference1796300000000 } from './1796300000000-user-toast-preference.migration';
import { SiteTestModes1796400000000 } from './1796400000000-site-test-modes.migration';
import { AlarmTestMarksAge1796500000000 } from './1796500000000-alarm-test-marks-age.migration';
import { RelayRunUnknownOutcome1796600000000 } from './1796600000000-relay-run-unknown-outcome.migration';
import { Webhooks1796700000000 } from './1796700000000-webhooks.migration';
import { UserQuietHours1797100000000 } from './1797100000000-user-quiet-hours.migration';
import { OutagePushes1797200000000 } from './1797200000000-outage-pushes.migration';
import { EscalationReach1797300000000 } from './1797300000000-escalation-reach.migration';
import { EventsByArrival1797400000000 } from './1797400000000-events-by-arrival.migration';
import { TwoFactor1797500000000 } from './1797500000000-two-factor.migration';
import { UserSessions1797600000000 } from './1797600000000-user-sessions.migration';
import { Teams1797800000000 } from './1797800000000-teams.migration';
import { HandledBeforeRestore1797900000000 } from './1797900000000-handled-before-restore.migration';
import { AccountActivity1797700000000 } from './1797700000000-account-activity.migration';
import { PushDevices1797000000000 } from './1797000000000-push-devices.migration';
import { AlarmEscalations1796900000000 } from './1796900000000-alarm-escalations.migration';
import { Alarms1796800000000 } from './1796800000000-alarms.migration';

/** Every migration, oldest first. Listed by hand: no globs, so a build ships exactly these. */
export const MIGRATIONS = [
  InitialSchema1795244903302,
  PanelCommandAudit1795300000000,
  PanelNetworkConfigSeq1795400000000,
  NotificationRecipient1795500000000,
  PanelIdentities1795600000000,
  DeadLetters1795700000000,
  PanelCommandAuditOutcomes1795800000000,
  AlarmEffectRepeats1795900000000,
  RelayPulseMaximum1796000000000,
  PanelOutages1796100000000,
  PanelCommandAuditCorrelation1796200000000,
  UserToastPreference1796300000000,
  SiteTestModes1796400000000,
  AlarmTestMarksAge1796500000000,
  RelayRunUnknownOutcome1796600000000,
  Webhooks1796700000000,
  Alarms1796800000000,
  AlarmEscalations1796900000000,
  PushDevices1797000000000,
  UserQuietHours1797100000000,
  OutagePushes1797200000000,
  EscalationReach1797300000000,
  EventsByArrival1797400000000,
  TwoFactor1797500000000,
  UserSessions1797600000000,
  AccountActivity1797700000000,
  Teams1797800000000,
  HandledBeforeRestore1797900000000,
];
