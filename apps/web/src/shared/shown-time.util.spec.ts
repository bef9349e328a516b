import { shownTime } from './shown-time.util';

describe('shownTime', () => {
  it("shows the spec's UTC time and says it is UTC", () => {
    expect(shownTime('2026-11-29T06:09:12.000Z')).toBe('29/11/2026 06:09:12 UTC');
    expect(shownTime(new Date('2026-11-29T23:59:59.999+01:00'))).toBe('29/11/2026 22:59:59 UTC');
  });

  it('shows nothing for a time that is not one', () => {
    expect(shownTime('not a time')).toBe('');
  });
});
