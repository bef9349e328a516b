import { defaultEventRange, formatEventTime, formatPickerDate, parsePickerDate } from './event-time.util';

describe('formatEventTime', () => {
  it('formats as DD/MM/YYYY HH:mm:ss in UTC', () => {
    expect(formatEventTime(new Date(Date.UTC(2024, 0, 5, 3, 4, 9)))).toBe('05/01/2024 03:04:09');
    expect(formatEventTime('2023-12-31T23:59:59.999Z')).toBe('31/12/2023 23:59:59');
    expect(formatEventTime('2024-06-01T01:30:00+02:00')).toBe('31/05/2024 23:30:00');
    expect(formatEventTime(0)).toBe('01/01/1970 00:00:00');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatEventTime('not a date')).toBe('');
  });
});

describe('picker dates', () => {
  it('formats as DD/MM/YYYY in UTC', () => {
    expect(formatPickerDate(new Date(Date.UTC(2025, 10, 9, 22)))).toBe('09/11/2025');
  });

  it('parses real DD/MM/YYYY dates as midnight UTC', () => {
    expect(parsePickerDate('29/02/2024')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parsePickerDate('1/2/2025')?.toISOString()).toBe('2025-02-01T00:00:00.000Z');
  });

  it('refuses impossible or incomplete dates', () => {
    expect(parsePickerDate('32/01/2024')).toBeNull();
    expect(parsePickerDate('10/13/2024')).toBeNull();
    expect(parsePickerDate('29/02/2023')).toBeNull();
    expect(parsePickerDate('01/01/0999')).toBeNull();
    expect(parsePickerDate('00/01/2024')).toBeNull();
    expect(parsePickerDate('2024-01-01')).toBeNull();
  });
});

describe('defaultEventRange', () => {
  it('starts at midnight UTC 30 days before today and ends now', () => {
    const now = new Date('2024-03-31T15:20:00Z');
    const range = defaultEventRange(now);
    expect(range.start.toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(range.end.getTime()).toBe(now.getTime());
  });
});
