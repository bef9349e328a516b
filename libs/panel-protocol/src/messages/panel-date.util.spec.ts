import { panelDateProblem } from './panel-date.util';

describe('panelDateProblem', () => {
  it.each([
    '2026-11-21T07:30:00Z',
    '2026-11-21T07:30:00',
    '2026-11-21T07:30:00.5Z',
    '2026-11-21T07:30:00.123456789+05:30',
    '2024-02-29T23:59:59-08:00',
    '2000-02-29T00:00:00Z',
    // A panel whose clock battery died: its fire must still get through.
    '2000-01-01T00:00:00',
    '1970-01-01T00:00:00Z',
    '1970-01-01T01:00:00+01:00',
    '2199-12-31T23:59:59.999Z',
    '2200-01-01T00:30:00+01:00',
  ])('accepts %s, which JavaScript reads as that instant', (text) => {
    expect(panelDateProblem(text)).toBeUndefined();
    // What passes must be what the portal can turn into a stored timestamp.
    expect(Number.isNaN(Date.parse(text.endsWith('Z') || /[+-]\d{2}:\d{2}$/.test(text) ? text : `${text}Z`))).toBe(
      false,
    );
  });

  it.each([
    [
      'year 0000',
      '0000-01-01T00:00:00Z',
      'is 0000-01-01T00:00:00.000Z once its offset is applied, outside 1970-01-01 to 2199-12-31',
    ],
    [
      'year 0000 reached through the offset',
      '0001-01-01T00:30:00+01:00',
      'is 0000-12-31T23:30:00.000Z once its offset is applied, outside 1970-01-01 to 2199-12-31',
    ],
    [
      'year 10000 reached through the offset',
      '9999-12-31T23:30:00-01:00',
      'is +010000-01-01T00:30:00.000Z once its offset is applied, outside 1970-01-01 to 2199-12-31',
    ],
    [
      'just before 1970',
      '1970-01-01T00:30:00+01:00',
      'is 1969-12-31T23:30:00.000Z once its offset is applied, outside 1970-01-01 to 2199-12-31',
    ],
    [
      'just after 2199',
      '2200-01-01T00:00:00Z',
      'is 2200-01-01T00:00:00.000Z once its offset is applied, outside 1970-01-01 to 2199-12-31',
    ],
    ['month 13', '2026-13-01T07:30:00Z', 'is not a real date: month 13'],
    ['month 00', '2026-00-10T07:30:00Z', 'is not a real date: month 0'],
    ['day 45', '2026-12-45T07:30:00Z', 'is not a real date: day 45 of month 12 of 2026'],
    ['29 February of a common year', '2026-02-29T07:30:00Z', 'is not a real date: day 29 of month 2 of 2026'],
    ['31 April', '2026-04-31T07:30:00Z', 'is not a real date: day 31 of month 4 of 2026'],
    ['day 0', '2026-04-00T07:30:00Z', 'is not a real date: day 0 of month 4 of 2026'],
    ['hour 25', '2026-11-21T25:00:00Z', 'is not a real time of day: 25:00:00'],
    ['hour 24', '2026-11-21T24:00:00Z', 'is not a real time of day: 24:00:00'],
    ['minute 61', '2026-11-21T07:61:00Z', 'is not a real time of day: 07:61:00'],
    ['second 60', '2026-11-21T07:30:60Z', 'is not a real time of day: 07:30:60'],
    ['an offset of 24 hours', '2026-11-21T07:30:00+24:00', 'has no real offset: +24:00'],
    ['an offset minute of 60', '2026-11-21T07:30:00-05:60', 'has no real offset: -05:60'],
  ])('refuses %s', (_case, text, problem) => {
    expect(panelDateProblem(text)).toBe(problem);
  });

  it('refuses 2026-13-45T25:61:00, which the pattern alone lets through', () => {
    expect(panelDateProblem('2026-13-45T25:61:00')).toBe('is not a real date: month 13');
  });

  it.each([
    '21/11/2026 07:30',
    '2026-11-21',
    '2026-11-21 07:30:00Z',
    '2026-11-21T07:30Z',
    '+010000-01-01T00:00:00Z',
    '2026-11-21T07:30:00.1234567890Z',
    ' 2026-11-21T07:30:00Z',
    '',
  ])('refuses %j, which is not the ISO 8601 form', (text) => {
    expect(panelDateProblem(text)).toBe('must be an ISO 8601 date and time such as 2026-11-21T07:30:00Z');
  });
});
