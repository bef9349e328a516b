import type { LivefeedPublishedMessage, LivefeedSiteCounts } from '@app/contracts';

/** A user's counts for a site now (after every message of the burst), and the mark they go by. */
export interface CountsNow {
  /** Events received after it are unread; null when the user has no AUTHED claim (no unread events). */
  lastEventSeen: Date | null;
  perPanelCount: Record<string, number>;
  unresolved: number;
}

export const NO_COUNTS: CountsNow = { lastEventSeen: null, perPanelCount: {}, unresolved: 0 };

/**
 * The user's counts right after each message of a burst, from the counts after the whole burst:
 * walking back from the end, each LogEvent the user has not seen and each unresolved notification
 * is taken off again. So each LogEvent of a burst of ten carries the count after that event (as a
 * GET /v2/sites then would have shown it), from one count query. Answers one entry per message:
 * the counts for LogEvent and NotificationEvent, null for the others.
 */
export function countsAfterEach(
  messages: readonly LivefeedPublishedMessage[],
  now: CountsNow,
): Array<LivefeedSiteCounts | null> {
  const perPanel = { ...now.perPanelCount };
  let unresolved = now.unresolved;
  const result: Array<LivefeedSiteCounts | null> = new Array(messages.length).fill(null);
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message.type !== 'LogEvent' && message.type !== 'NotificationEvent') continue;
    const unreadEvents = Object.values(perPanel).reduce((sum, count) => sum + count, 0);
    result[index] = { unreadCount: unreadEvents + unresolved, perPanelCount: withoutZeros(perPanel) };
    if (message.type === 'LogEvent') {
      const key = String(message.data.networkId);
      const unread =
        now.lastEventSeen !== null && new Date(message.data.receivedAt).getTime() > now.lastEventSeen.getTime();
      if (unread && (perPanel[key] ?? 0) > 0) perPanel[key] -= 1;
    } else if (message.data.notification.resolved_on === null && unresolved > 0) {
      unresolved -= 1;
    }
  }
  return result;
}

/** GET /v2/sites lists only networks with unread events. */
function withoutZeros(perPanel: Record<string, number>): Record<string, number> {
  const result: Record<string, number> = {};
  for (const [networkId, count] of Object.entries(perPanel)) if (count > 0) result[networkId] = count;
  return result;
}

/** Counts after a burst and the highest event id they include (events with a higher id are not in them yet). */
export interface CountsMark extends CountsNow {
  highestEventId: number;
}

export const NO_MARK: CountsMark = { ...NO_COUNTS, highestEventId: 0 };

/**
 * The counts after a burst, from the counts after the previous one, without asking the database:
 * each LogEvent of the burst the user has not seen (received after lastEventSeen) and not counted
 * yet (id above highestEventId) adds one to its network. Only LogEvents are added: a burst holding a
 * NotificationEvent (raised or resolved) is counted by the database instead, and so is a user whose
 * lastEventSeen changed.
 */
export function countsWithBurst(before: CountsMark, messages: readonly LivefeedPublishedMessage[]): CountsMark {
  const perPanelCount = { ...before.perPanelCount };
  let highestEventId = before.highestEventId;
  for (const message of messages) {
    if (message.type !== 'LogEvent') continue;
    const { id, networkId, receivedAt } = message.data;
    if (id <= before.highestEventId) continue;
    highestEventId = Math.max(highestEventId, id);
    if (before.lastEventSeen === null || new Date(receivedAt).getTime() <= before.lastEventSeen.getTime()) continue;
    const key = String(networkId);
    perPanelCount[key] = (perPanelCount[key] ?? 0) + 1;
  }
  return { lastEventSeen: before.lastEventSeen, perPanelCount, unresolved: before.unresolved, highestEventId };
}

/**
 * Counts read again in the background, put together with what live messages added meanwhile.
 * `started`: the cached counts when the count query was sent, which asked for the events up to
 * `started.highestEventId`; `queried`: its answer; `current`: the cached counts now, moved on since
 * by the LogEvents of later bursts (ids above started's highest). The result is the database's count
 * of the events up to that id (which corrects what escaped the cache) plus what the bursts added
 * since. Null when the user's mark moved (events marked seen, the claim gone) without the cache
 * hearing of it: what the bursts added then counts against the wrong mark, and the pair must be
 * counted afresh.
 */
export function countsRefreshed(queried: CountsMark, started: CountsMark, current: CountsMark): CountsMark | null {
  if (queried.lastEventSeen?.getTime() !== started.lastEventSeen?.getTime()) return null;
  const perPanelCount = { ...queried.perPanelCount };
  for (const [networkId, count] of Object.entries(current.perPanelCount)) {
    const added = count - (started.perPanelCount[networkId] ?? 0);
    if (added > 0) perPanelCount[networkId] = (perPanelCount[networkId] ?? 0) + added;
  }
  return {
    lastEventSeen: queried.lastEventSeen,
    perPanelCount,
    unresolved: queried.unresolved,
    highestEventId: Math.max(current.highestEventId, started.highestEventId),
  };
}
