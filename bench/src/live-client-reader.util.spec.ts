import { emptyLiveReport, LiveSocketReader, mergeLiveReports } from './live-client-reader.util';

const HWADDR = '0011aabbccdd';

function logEvent(seq: number, title: string, unreadCount: number): string {
  return JSON.stringify({
    type: 'LogEvent',
    seq,
    data: {
      hwaddr: HWADDR,
      category: 'fire',
      title,
      id: seq,
      networkId: 1,
      date: '2026-11-25T10:00:00.000Z',
      location: 'Zone 1',
      eventCategory: 'fire',
      unreadCount,
      perPanelCount: { '1': unreadCount },
    },
  });
}

describe('LiveSocketReader', () => {
  it('records each LogEvent and keeps the counts it carries', () => {
    const report = emptyLiveReport();
    const reader = new LiveSocketReader(report);
    reader.read(JSON.stringify({ type: 'INIT', data: {} }), 1);
    reader.read(logEvent(1, 'Fire A', 1), 10);
    reader.read(logEvent(2, 'Fire B', 2), 12);
    expect(report.logEvents).toBe(2);
    expect(report.arrivals[`${HWADDR}/Fire A`]).toEqual({ count: 1, first: 10, last: 10 });
    expect(reader.counts.get(HWADDR)).toEqual({ unreadCount: 2, perPanelCount: { '1': 2 } });
    expect(report.gaps).toBe(0);
  });

  it('counts a skipped seq and a Heartbeat ahead as gaps, and frames that are no message', () => {
    const report = emptyLiveReport();
    const reader = new LiveSocketReader(report);
    reader.read(logEvent(1, 'Fire A', 1), 1);
    reader.read(logEvent(3, 'Fire C', 2), 2);
    reader.read(JSON.stringify({ type: 'Heartbeat', data: { sites: { [HWADDR]: { seq: 5, newestEventId: 3 } } } }), 3);
    reader.read('not json', 4);
    expect(report.gaps).toBe(2);
    expect(report.unreadable).toBe(1);
  });

  it('reads the messages of a frame that holds several in order', () => {
    const report = emptyLiveReport();
    const reader = new LiveSocketReader(report);
    reader.read(`[${logEvent(1, 'Fire A', 1)},${logEvent(2, 'Fire B', 2)}]`, 7);
    expect(report.logEvents).toBe(2);
    expect(report.frames).toBe(1);
    expect(report.arrivals[`${HWADDR}/Fire B`]).toEqual({ count: 1, first: 7, last: 7 });
    expect(reader.counts.get(HWADDR)).toEqual({ unreadCount: 2, perPanelCount: { '1': 2 } });
    expect(report.gaps).toBe(0);
  });
});

describe('mergeLiveReports', () => {
  it('adds the counts and keeps the earliest first and the latest last arrival', () => {
    const one = emptyLiveReport();
    const two = emptyLiveReport();
    new LiveSocketReader(one).read(logEvent(1, 'Fire A', 1), 5);
    const reader = new LiveSocketReader(two);
    reader.read(logEvent(1, 'Fire A', 1), 3);
    reader.read(logEvent(3, 'Fire B', 1), 9);
    const merged = mergeLiveReports([one, two]);
    expect(merged.arrivals[`${HWADDR}/Fire A`]).toEqual({ count: 2, first: 3, last: 5 });
    expect(merged.arrivals[`${HWADDR}/Fire B`]).toEqual({ count: 1, first: 9, last: 9 });
    expect(merged).toMatchObject({ logEvents: 3, frames: 3, gaps: 1 });
    // The reports merged are left as they were.
    expect(one.arrivals[`${HWADDR}/Fire A`]).toEqual({ count: 1, first: 5, last: 5 });
  });
});
