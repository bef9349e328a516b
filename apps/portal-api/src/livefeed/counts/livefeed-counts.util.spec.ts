import { livefeedMessage, type LivefeedPublishedMessage, type NotificationDto } from '@app/contracts';
import {
  countsAfterEach,
  countsRefreshed,
  countsWithBurst,
  NO_COUNTS,
  NO_MARK,
  type CountsMark,
} from './livefeed-counts.util';

const SITE = '0011aabbcc01';
const SEEN = new Date('2023-04-01T10:00:00.000Z');

function logEvent(id: number, networkId: number, receivedAt: string): LivefeedPublishedMessage {
  return {
    type: 'LogEvent',
    data: {
      hwaddr: SITE,
      category: 'fire',
      title: `Fire ${id}`,
      id,
      networkId,
      date: receivedAt,
      location: 'Zone 1',
      eventCategory: 'fire',
      test: false,
      receivedAt,
    },
  };
}

function notificationEvent(resolved: boolean): LivefeedPublishedMessage {
  const notification = {
    id: 1,
    hwaddr: SITE,
    resolved_on: resolved ? '2023-04-01T11:00:00.000Z' : null,
  } as NotificationDto;
  return { type: 'NotificationEvent', data: { hwaddr: SITE, notification } };
}

describe('countsAfterEach', () => {
  it('gives each event of a burst the counts after it, from the counts after the burst', () => {
    const burst = [
      logEvent(1, 1, '2023-04-01T10:01:00.000Z'),
      logEvent(2, 2, '2023-04-01T10:02:00.000Z'),
      logEvent(3, 1, '2023-04-01T10:03:00.000Z'),
    ];
    expect(countsAfterEach(burst, { lastEventSeen: SEEN, perPanelCount: { '1': 5, '2': 1 }, unresolved: 2 })).toEqual([
      { unreadCount: 6, perPanelCount: { '1': 4 } },
      { unreadCount: 7, perPanelCount: { '1': 4, '2': 1 } },
      { unreadCount: 8, perPanelCount: { '1': 5, '2': 1 } },
    ]);
  });

  it('does not take off events the user had seen already, nor go below zero', () => {
    const burst = [
      logEvent(1, 1, '2023-04-01T09:00:00.000Z'),
      logEvent(2, 1, '2023-04-01T10:05:00.000Z'),
      logEvent(3, 1, '2023-04-01T10:06:00.000Z'),
    ];
    expect(
      countsAfterEach(burst, { lastEventSeen: SEEN, perPanelCount: { '1': 1 }, unresolved: 0 }).map(
        (counts) => counts?.unreadCount,
      ),
    ).toEqual([0, 0, 1]);
  });

  it('counts an unresolved notification from its NotificationEvent on, and leaves other messages without counts', () => {
    const burst = [
      logEvent(1, 1, '2023-04-01T10:01:00.000Z'),
      notificationEvent(false),
      livefeedMessage('Resync', { hwaddr: SITE }),
      notificationEvent(true),
    ];
    expect(countsAfterEach(burst, { lastEventSeen: SEEN, perPanelCount: { '1': 1 }, unresolved: 1 })).toEqual([
      { unreadCount: 1, perPanelCount: { '1': 1 } },
      { unreadCount: 2, perPanelCount: { '1': 1 } },
      null,
      { unreadCount: 2, perPanelCount: { '1': 1 } },
    ]);
  });

  it('gives a user without an authorised claim zero counts', () => {
    expect(countsAfterEach([logEvent(1, 1, '2023-04-01T10:01:00.000Z')], NO_COUNTS)).toEqual([
      { unreadCount: 0, perPanelCount: {} },
    ]);
  });
});

describe('countsWithBurst', () => {
  const before: CountsMark = { lastEventSeen: SEEN, perPanelCount: { '1': 2 }, unresolved: 1, highestEventId: 10 };

  it('adds each unread LogEvent of the burst to its network and moves the highest id on', () => {
    const burst = [
      logEvent(11, 1, '2023-04-01T10:01:00.000Z'),
      logEvent(12, 2, '2023-04-01T10:02:00.000Z'),
      logEvent(13, 1, '2023-04-01T10:03:00.000Z'),
    ];
    expect(countsWithBurst(before, burst)).toEqual({
      lastEventSeen: SEEN,
      perPanelCount: { '1': 4, '2': 1 },
      unresolved: 1,
      highestEventId: 13,
    });
    // The counts before are left as they were.
    expect(before.perPanelCount).toEqual({ '1': 2 });
  });

  it('does not add events the counts hold already (id at or below the highest) nor events the user had seen', () => {
    const burst = [
      logEvent(9, 1, '2023-04-01T10:01:00.000Z'),
      logEvent(10, 1, '2023-04-01T10:01:00.000Z'),
      logEvent(14, 1, '2023-04-01T09:59:00.000Z'),
    ];
    expect(countsWithBurst(before, burst)).toEqual({ ...before, highestEventId: 14 });
  });

  it('leaves notifications and other messages to a count query, and a user without an authorised claim at zero', () => {
    const burst = [
      notificationEvent(false),
      livefeedMessage('Resync', { hwaddr: SITE }),
      logEvent(20, 1, '2023-04-01T10:05:00.000Z'),
    ];
    expect(countsWithBurst(before, burst.slice(0, 2))).toEqual(before);
    expect(countsWithBurst(NO_MARK, burst)).toEqual({ ...NO_MARK, highestEventId: 20 });
  });

  it('gives, burst after burst, the counts one count after all of them gives', () => {
    const events = Array.from({ length: 9 }, (_, index) =>
      logEvent(11 + index, 1 + (index % 3), `2023-04-01T10:0${index + 1}:00.000Z`),
    );
    let cached = before;
    for (let start = 0; start < events.length; start += 4)
      cached = countsWithBurst(cached, events.slice(start, start + 4));
    expect(cached).toEqual(countsWithBurst(before, events));
    expect(countsAfterEach(events.slice(8), cached)).toEqual([
      { unreadCount: 1 + 2 + 9, perPanelCount: { '1': 5, '2': 3, '3': 3 } },
    ]);
  });
});

describe('countsRefreshed', () => {
  const started: CountsMark = { lastEventSeen: SEEN, perPanelCount: { '1': 2 }, unresolved: 1, highestEventId: 10 };

  it("takes the database's count up to the id it asked for, plus what the bursts added since", () => {
    // Bursts added events 11 and 12 while the query ran; the database found an event the cache had
    // missed (committed out of id order) and a notification resolved without a NotificationEvent.
    const current = countsWithBurst(started, [
      logEvent(11, 1, '2023-04-01T10:01:00.000Z'),
      logEvent(12, 3, '2023-04-01T10:02:00.000Z'),
    ]);
    const queried: CountsMark = {
      lastEventSeen: SEEN,
      perPanelCount: { '1': 2, '2': 1 },
      unresolved: 0,
      highestEventId: 9,
    };
    expect(countsRefreshed(queried, started, current)).toEqual({
      lastEventSeen: SEEN,
      perPanelCount: { '1': 3, '2': 1, '3': 1 },
      unresolved: 0,
      highestEventId: 12,
    });
  });

  it('gives the database its say when no burst came meanwhile', () => {
    const queried: CountsMark = { lastEventSeen: SEEN, perPanelCount: { '1': 1 }, unresolved: 2, highestEventId: 8 };
    expect(countsRefreshed(queried, started, started)).toEqual({ ...queried, highestEventId: 10 });
  });

  it('answers nothing when the mark moved unheard: the events seen since, or the claim gone', () => {
    const later = new Date(SEEN.getTime() + 60_000);
    expect(countsRefreshed({ ...started, lastEventSeen: later, perPanelCount: {} }, started, started)).toBeNull();
    expect(countsRefreshed(NO_MARK, started, started)).toBeNull();
  });
});
