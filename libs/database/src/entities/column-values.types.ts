// String values stored in enum-like text columns, each guarded by a CHECK constraint of the
// same values in the migrations. The spec's strings are used verbatim.

export const CLAIM_STATUSES = ['AUTHED', 'WAITING', 'UNAUTHORISED'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const EVENT_CATEGORIES = ['fire', 'fault', 'system', 'service', 'technical'] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export const NOTIFICATION_TYPES = ['TIME_DESYNC'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const RELAY_TRIGGERS = ['fire', 'fault'] as const;
export type RelayTrigger = (typeof RELAY_TRIGGERS)[number];

export const RELAY_ACTION_RUN_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RelayActionRunStatus = (typeof RELAY_ACTION_RUN_STATUSES)[number];

export const MAIL_KINDS = ['event-alert', 'password-reset'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailDeliveryStatus = (typeof MAIL_DELIVERY_STATUSES)[number];

/** Panel type before the panel has said hello. */
export const UNKNOWN_PANEL_TYPE = 'UNKNOWN';
