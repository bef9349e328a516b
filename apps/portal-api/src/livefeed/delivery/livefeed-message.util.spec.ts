import { livefeedMessage, type LivefeedPublishedMessage } from '@app/contracts';
import { needsCounts, withCounts, withSeq, withSeqText } from './livefeed-message.util';

const logEvent: LivefeedPublishedMessage = {
  type: 'LogEvent',
  data: {
    hwaddr: '0011aabbccdd',
    category: 'fire',
    title: 'Fire',
    id: 9,
    networkId: 1,
    date: '2026-11-01T10:00:00.000Z',
    location: 'Zone 3',
    eventCategory: 'fire',
    test: false,
    receivedAt: '2026-11-01T10:00:01.000Z',
  },
};

describe('live message shaping', () => {
  it('numbers a message, parsed or as published text, the same way', () => {
    const message = livefeedMessage('Resync', { hwaddr: '0011aabbccdd' });
    expect(withSeq(message, 4)).toEqual({ ...message, seq: 4 });
    expect(JSON.parse(withSeqText(`${JSON.stringify(message)}\n`, 4))).toEqual({ ...message, seq: 4 });
    expect(withSeqText('{"type":"INIT","data":{}}', null)).toBe('{"type":"INIT","data":{}}');
  });

  it("adds the user's counts to a LogEvent, with its receive time", () => {
    expect(needsCounts(logEvent)).toBe(true);
    const counted = withCounts(logEvent, { unreadCount: 3, perPanelCount: { '1': 3 } });
    expect(counted.data).toEqual({
      ...logEvent.data,
      unreadCount: 3,
      perPanelCount: { '1': 3 },
    });
    expect((counted.data as { receivedAt?: string }).receivedAt).toBe('2026-11-01T10:00:01.000Z');
  });

  it("keeps the test mark of an event that arrived during its site's test mode", () => {
    const test = { ...logEvent, data: { ...logEvent.data, test: true } } as LivefeedPublishedMessage;
    expect(withCounts(test, { unreadCount: 1, perPanelCount: {} }).data).toMatchObject({ test: true });
  });

  it('leaves a message without counts as it is', () => {
    const message = livefeedMessage('Connection', { hwaddr: '0011aabbccdd', connected: true });
    expect(needsCounts(message)).toBe(false);
    expect(withCounts(message, { unreadCount: 1, perPanelCount: {} })).toBe(message);
  });
});
