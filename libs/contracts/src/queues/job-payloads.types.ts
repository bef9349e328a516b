import type { WebhookPayload } from '../webhooks/webhook-events.types';
import type { PanelEventMessage } from '../nats/panel-messages.types';
import type { RelayTrigger } from '../relays/relay-trigger.types';
import type { OutageChange } from '../panel/panel-supervision.constants';

/** Drive one relay action for one panel event. */
export interface RelayActionJob {
  /** The event's key, panelEventKey(hwaddr, seq). */
  eventId: string;
  /** The event's eventCorrelationId, for the job's log lines (absent from jobs queued before it was). */
  correlationId?: string;
  hwaddr: string;
  seq: number;
  trigger: RelayTrigger;
  relayActionId: number;
}

/** E-mail one opted-in user about one fire or fault event. */
export interface EventAlertMailJob {
  kind: 'event-alert';
  /** panelEventKey(hwaddr, seq). */
  eventKey: string;
  /** The event's eventCorrelationId, for the job's log lines (absent from jobs queued before it was). */
  correlationId?: string;
  userId: string;
  hwaddr: string;
  seq: number;
  /** The event as the stream delivered it: the mail needs no other copy of it. */
  event: PanelEventMessage;
}

export interface PasswordResetMailJob {
  kind: 'password-reset';
  /** The reset request's correlation id, for the job's log lines. */
  correlationId?: string;
  email: string;
  /** The account holder's name, to greet them. */
  name: string;
  /** Path of the reset page on the portal's public URL: `/resetpass/<token>`. */
  resetPath: string;
  /** Expiry of the link, ISO 8601. */
  expiresAt: string;
}

/**
 * E-mail one opted-in user that a panel's communication was lost ('panel-offline') or came back
 * ('panel-online'): one outage of the portal's panel_outages, as portal-api reported it.
 */
export interface PanelOutageMailJob {
  kind: 'panel-offline' | 'panel-online';
  /** The panel_outages row. */
  outageId: number;
  userId: string;
  hwaddr: string;
  /** When communication was lost (ISO). */
  lostAt: string;
  /** When it came back (ISO); null for 'panel-offline'. */
  restoredAt: string | null;
}

/** E-mail one user that an alarm is still not acknowledged: one delayed step of its escalation. */
export interface AlarmEscalationMailJob {
  kind: 'alarm-escalation';
  alarmId: number;
  /** The step's place in the policy. */
  step: number;
  userId: string;
  hwaddr: string;
  /** The alarm's correlation id, for the job's log lines. */
  correlationId?: string;
}

/** An invitation to a company or to one site (docs/access.md, "Teams"), one per invitation. */
export interface InvitationMailJob {
  kind: 'invitation';
  correlationId?: string;
  email: string;
  /** Who invites, by name. */
  invitedBy: string;
  /** 'company' or 'site', and its name (the site's as the inviter calls it). */
  target: 'company' | 'site';
  targetName: string;
  /** The role offered, as shown ('Technician'). */
  roleLabel: string;
  /** Path of the invitation page on the portal's public URL: `/invitation/<token>`. */
  invitationPath: string;
  /** Expiry of the link, ISO 8601. */
  expiresAt: string;
}

export type MailJob =
  EventAlertMailJob | PasswordResetMailJob | PanelOutageMailJob | AlarmEscalationMailJob | InvitationMailJob;

/** Push one fire or fault event to one device of a user with access to its site (docs/push.md). */
export interface AlarmPushJob {
  deviceId: number;
  /** The device's name when the push was owed, for its record. */
  deviceName: string;
  userId: string;
  hwaddr: string;
  seq: number;
  /** The event's eventCorrelationId, for the job's log lines. */
  correlationId?: string;
  /** The event as the stream delivered it: the push needs no other copy of it. */
  event: PanelEventMessage;
}

/** Push one escalation step of an alarm to one device of a user the step reaches. */
export interface EscalationPushJob {
  alarmId: number;
  step: number;
  deviceId: number;
  deviceName: string;
  userId: string;
  hwaddr: string;
  correlationId?: string;
}

/**
 * Push a panel's communication lost, or back, to one device of a user with access to its site: the
 * outage's first step, beside its mails (docs/push.md). `alarmId`: the panel's communication alarm.
 */
export interface OutagePushJob {
  outageId: number;
  change: OutageChange;
  alarmId: number | null;
  deviceId: number;
  deviceName: string;
  userId: string;
  hwaddr: string;
  correlationId?: string;
}

/** A test push a user asked for from My Account: not an alarm, not recorded. */
export interface TestPushJob {
  deviceId: number;
  userId: string;
  /** When it was asked for (ISO): a second ask is a second job. */
  requestedAt: string;
}

/**
 * Take one delayed step of an alarm's escalation (alarm_escalations), due at `dueAt`: its e-mails,
 * unless someone acknowledged the alarm before.
 */
export interface EscalationStepJob {
  alarmId: number;
  step: number;
  hwaddr: string;
  /** ISO. */
  dueAt: string;
  correlationId?: string;
}

/** POST one message to a site's webhook (docs/webhooks.md): its owed delivery, (endpointId, messageId). */
export interface WebhookDeliveryJob {
  endpointId: number;
  /** The message's webhook-id. */
  messageId: string;
  hwaddr: string;
  /** The alarm's correlation id, for the job's log lines. */
  correlationId?: string;
  /** The body, as recorded with the delivery: the job needs no other copy of it. */
  payload: WebhookPayload;
}
