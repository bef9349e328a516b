import type { LivefeedMessage } from '@app/contracts';
import { LiveGapTracker } from './live-gaps.util';

const site = '0011aabbccdd';
const other = '0011aabbccee';

const logEvent = (id: number, seq?: number, hwaddr = site): LivefeedMessage => ({
  type: 'LogEvent',
  data: {
    hwaddr,
    category: 'fire',
    title: 'Fire',
    id,
    networkId: 1,
    date: '2026-06-01T10:00:00.000Z',
    receivedAt: '2026-06-01T10:00:00.000Z',
    location: 'Zone 1',
    eventCategory: 'fire',
    unreadCount: 1,
    perPanelCount: { '1': 1 },
  },
  ...(seq === undefined ? {} : { seq }),
});

const beat = (sites: Record<string, [number, number | null]>) => ({
  sites: Object.fromEntries(
    Object.entries(sites).map(([hwaddr, [seq, newestEventId]]) => [hwaddr, { seq, newestEventId }]),
  ),
});

describe('LiveGapTracker', () => {
  it('takes the first number of a site as it comes and finds a skipped one after it, per site', () => {
    const tracker = new LiveGapTracker();
    expect(tracker.message(logEvent(10, 7))).toBeNull();
    expect(tracker.message(logEvent(11, 8))).toBeNull();
    expect(tracker.message(logEvent(50, 1, other))).toBeNull();
    expect(tracker.message(logEvent(12, 11))).toEqual({ hwaddr: site, reason: 'messages 9..10 missing' });
    expect(tracker.message({ type: 'Connection', data: { hwaddr: other, connected: true }, seq: 2 })).toBeNull();
    // Messages without numbers (an older server, a message to the user) are not checked.
    expect(tracker.message(logEvent(13))).toBeNull();
    expect(tracker.message({ type: 'INIT', data: {} })).toBeNull();
  });

  it('asks nothing more for a Resync, which is a refetch already, even when it skips numbers', () => {
    const tracker = new LiveGapTracker();
    tracker.message(logEvent(10, 1));
    expect(tracker.message({ type: 'Resync', data: { hwaddr: site }, seq: 4 })).toBeNull();
    expect(tracker.message(logEvent(11, 5))).toBeNull();
  });

  it('finds a Heartbeat ahead of the last message, and a newest event never shown', () => {
    const tracker = new LiveGapTracker();
    // First Heartbeat: the starting point.
    expect(tracker.heartbeat(beat({ [site]: [3, 20], [other]: [0, null] }))).toEqual([]);
    expect(tracker.heartbeat(beat({ [site]: [3, 20], [other]: [0, null] }))).toEqual([]);
    expect(tracker.message(logEvent(21, 4))).toBeNull();
    expect(tracker.heartbeat(beat({ [site]: [4, 21] }))).toEqual([]);
    expect(tracker.heartbeat(beat({ [site]: [5, 21] }))).toEqual([{ hwaddr: site, reason: 'messages 5..5 missing' }]);
    expect(tracker.heartbeat(beat({ [site]: [5, 23] }))).toEqual([{ hwaddr: site, reason: 'event 23 never shown' }]);
    // Each is told once.
    expect(tracker.heartbeat(beat({ [site]: [5, 23] }))).toEqual([]);
    expect(tracker.heartbeat(beat({ [other]: [2, 7] }))).toEqual([{ hwaddr: other, reason: 'messages 1..2 missing' }]);
  });

  it('takes the newest id after a Resync from the next Heartbeat (the Resync fetched it)', () => {
    const tracker = new LiveGapTracker();
    tracker.message(logEvent(10, 1));
    tracker.message({ type: 'Resync', data: { hwaddr: site }, seq: 2 });
    expect(tracker.heartbeat(beat({ [site]: [2, 14] }))).toEqual([]);
    expect(tracker.heartbeat(beat({ [site]: [2, 15] }))).toEqual([{ hwaddr: site, reason: 'event 15 never shown' }]);
  });
});
