// String values stored in enum-like text columns, each guarded by a CHECK constraint of the
// same values in the migrations (a test compares them). Values the parts share come from the
// contracts; the rest belong to the database alone.
import { SITE_STATUSES, type PanelType, type RelayTrigger, type SiteStatus } from '@app/contracts';

/** A claim's status is the status of the user's site. */
export const CLAIM_STATUSES = SITE_STATUSES;
export type ClaimStatus = SiteStatus;

export const RELAY_TRIGGERS = ['fire', 'fault'] as const satisfies readonly RelayTrigger[];

export const RELAY_ACTION_RUN_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RelayActionRunStatus = (typeof RELAY_ACTION_RUN_STATUSES)[number];

export const MAIL_KINDS = ['event-alert', 'password-reset'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailDeliveryStatus = (typeof MAIL_DELIVERY_STATUSES)[number];

/** Panel type before the panel has said hello. */
export const UNKNOWN_PANEL_TYPE = 'UNKNOWN' satisfies PanelType;

/** What became of a command sent to a panel. */
export const PANEL_COMMAND_OUTCOMES = ['ok', 'refused', 'not-connected', 'timeout'] as const;
export type PanelCommandOutcome = (typeof PANEL_COMMAND_OUTCOMES)[number];
