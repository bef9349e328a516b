import { clockDistanceText, clockReadingText } from './clock-reading.util';

const seenAt = '2026-11-29T06:09:12.000Z';

describe('clock reading', () => {
  it('says how far, to the minute', () => {
    expect(clockDistanceText(-1500)).toBe('25 min');
    expect(clockDistanceText(3600)).toBe('1 h');
    expect(clockDistanceText(-7500)).toBe('2 h 5 min');
    expect(clockDistanceText(86400 * 3 + 3600 * 4)).toBe('3 d 4 h');
    expect(clockDistanceText(86400)).toBe('1 d');
  });

  it('says behind or ahead of the portal, as of the latest event in UTC', () => {
    expect(clockReadingText({ seenAt, panelTime: '2026-11-29T05:44:12.000Z', offsetSeconds: -1500 })).toBe(
      "25 min behind the portal's time as of its latest event, received 29/11/2026 06:09:12 UTC",
    );
    expect(clockReadingText({ seenAt, panelTime: '2026-11-29T08:09:12.000Z', offsetSeconds: 7200 })).toBe(
      "2 h ahead of the portal's time as of its latest event, received 29/11/2026 06:09:12 UTC",
    );
  });

  it('says in step within a minute, and nothing to read before the first event', () => {
    expect(clockReadingText({ seenAt, panelTime: seenAt, offsetSeconds: -59 })).toBe(
      "In step with the portal's time as of its latest event, received 29/11/2026 06:09:12 UTC",
    );
    expect(clockReadingText({ seenAt: null, panelTime: null, offsetSeconds: null })).toBe('No event received yet');
  });
});
