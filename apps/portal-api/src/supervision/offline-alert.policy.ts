import type { PanelOfflineData } from '@app/contracts';

/**
 * The flap rule (docs/alerts.md): a site's panel loss is mailed at most once per `minIntervalMs`.
 * A loss reported sooner after the last mailed one is held back: it re-opens that notification, and
 * is mailed when the interval has passed if the panel is still offline then.
 */
export function mayMailLoss(lastMailedAt: Date | null, now: Date, minIntervalMs: number): boolean {
  return lastMailedAt === null || now.getTime() - lastMailedAt.getTime() >= minIntervalMs;
}

/**
 * The notification data of a loss: a notification of its own (`reopened` null), or the one it
 * re-opens, counting one loss more and offline since this one.
 */
export function lossNotificationData(lostAt: Date, reopened: Partial<PanelOfflineData> | null): PanelOfflineData {
  const at = lostAt.toISOString();
  if (!reopened) return { lost_at: at, restored_at: null, losses: 1, first_lost_at: at };
  return {
    lost_at: at,
    restored_at: null,
    losses: (reopened.losses ?? 1) + 1,
    first_lost_at: reopened.first_lost_at ?? reopened.lost_at ?? at,
  };
}

/** The notification data once communication is back. */
export function restoredNotificationData(data: Partial<PanelOfflineData>, restoredAt: Date): PanelOfflineData {
  const lost = data.lost_at ?? restoredAt.toISOString();
  return {
    lost_at: lost,
    restored_at: restoredAt.toISOString(),
    losses: data.losses ?? 1,
    first_lost_at: data.first_lost_at ?? lost,
  };
}
