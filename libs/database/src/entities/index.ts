import { AlarmEntity, WHOLE_PANEL_NETWORK } from './alarm.entity';
import { AlarmEscalationEntity } from './alarm-escalation.entity';
import { PushDeliveryEntity } from './push-delivery.entity';
import { SiteEscalationPolicyEntity } from './site-escalation-policy.entity';
import { UserQuietHoursEntity } from './user-quiet-hours.entity';
import { UserTwoFactorEntity } from './user-two-factor.entity';
import { UserRecoveryCodeEntity } from './user-recovery-code.entity';
import { UserSessionEntity } from './user-session.entity';
import { AccountActivityEntity } from './account-activity.entity';
import { PushDeviceEntity } from './push-device.entity';
import { AlarmTimelineEntryEntity } from './alarm-timeline-entry.entity';
import { AlarmTestMarkEntity } from './alarm-test-mark.entity';
import { ClaimEntity } from './claim.entity';
import { DeadLetterEntity } from './dead-letter.entity';
import { EventEntity } from './event.entity';
import { MailDeliveryEntity } from './mail-delivery.entity';
import { NotificationEntity } from './notification.entity';
import { PanelNetworkEntity } from './panel-network.entity';
import { PanelEntity } from './panel.entity';
import { PanelCommandAuditEntity } from './panel-command-audit.entity';
import { PanelIdentityEntity } from './panel-identity.entity';
import { PanelOutageEntity } from './panel-outage.entity';
import { PasswordResetTokenEntity } from './password-reset-token.entity';
import { RelayActionRunEntity } from './relay-action-run.entity';
import { RelayActionEntity } from './relay-action.entity';
import { RelayEntity } from './relay.entity';
import { SiteTestModeEntity } from './site-test-mode.entity';
import { UserEntity } from './user.entity';
import { WebhookAttemptEntity } from './webhook-attempt.entity';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';

export * from './bigint-column.util';
export * from './column-values.types';
export * from './json-columns.types';
export {
  AlarmEntity,
  AlarmTimelineEntryEntity,
  AlarmEscalationEntity,
  PushDeliveryEntity,
  PushDeviceEntity,
  SiteEscalationPolicyEntity,
  UserQuietHoursEntity,
  UserTwoFactorEntity,
  UserRecoveryCodeEntity,
  UserSessionEntity,
  AccountActivityEntity,
  WHOLE_PANEL_NETWORK,
  AlarmTestMarkEntity,
  ClaimEntity,
  DeadLetterEntity,
  EventEntity,
  MailDeliveryEntity,
  NotificationEntity,
  PanelEntity,
  PanelNetworkEntity,
  PanelCommandAuditEntity,
  PanelIdentityEntity,
  PanelOutageEntity,
  PasswordResetTokenEntity,
  RelayActionEntity,
  RelayActionRunEntity,
  RelayEntity,
  SiteTestModeEntity,
  UserEntity,
  WebhookAttemptEntity,
  WebhookDeliveryEntity,
  WebhookEndpointEntity,
};

/** Every entity the portal maps. Listed by hand: no globs. */
export const ENTITIES = [
  UserEntity,
  ClaimEntity,
  PanelEntity,
  PanelNetworkEntity,
  EventEntity,
  NotificationEntity,
  RelayEntity,
  RelayActionEntity,
  RelayActionRunEntity,
  PasswordResetTokenEntity,
  MailDeliveryEntity,
  PanelCommandAuditEntity,
  PanelIdentityEntity,
  DeadLetterEntity,
  PanelOutageEntity,
  SiteTestModeEntity,
  AlarmTestMarkEntity,
  WebhookEndpointEntity,
  WebhookDeliveryEntity,
  WebhookAttemptEntity,
  AlarmEntity,
  AlarmTimelineEntryEntity,
  AlarmEscalationEntity,
  SiteEscalationPolicyEntity,
  PushDeviceEntity,
  PushDeliveryEntity,
  UserQuietHoursEntity,
  UserTwoFactorEntity,
  UserRecoveryCodeEntity,
  UserSessionEntity,
  AccountActivityEntity,
];
