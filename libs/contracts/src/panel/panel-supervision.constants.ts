/**
 * A panel silent this long is disconnected by the gateway (GATEWAY_SUPERVISION_WINDOW_MS's default),
 * and a panel disconnected this long is reported as 'Panel communication lost'
 * (PANEL_OFFLINE_ALERT_DELAY_S's default).
 */
export const PANEL_SUPERVISION_WINDOW_MS = 90_000;

/** The changes of a panel outage that are told (mails, webhooks, pushes): its communication lost, or back. */
export const OUTAGE_CHANGES = ['lost', 'restored'] as const;

export type OutageChange = (typeof OUTAGE_CHANGES)[number];
