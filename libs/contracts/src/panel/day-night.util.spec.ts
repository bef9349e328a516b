import { isPackedDayNight, packDayNight, unpackDayNight } from './day-night.util';

describe('packDayNight', () => {
  it('puts day in the low three bits and night from bit 4', () => {
    expect(packDayNight(0, 0)).toBe(0);
    expect(packDayNight(3, 0)).toBe(3);
    expect(packDayNight(0, 1)).toBe(0x10);
    expect(packDayNight(2, 4)).toBe(0x42);
    expect(packDayNight(7, 7)).toBe(0x77);
  });

  it('refuses values that do not fit three bits', () => {
    expect(() => packDayNight(8, 0)).toThrow(RangeError);
    expect(() => packDayNight(0, -1)).toThrow(RangeError);
    expect(() => packDayNight(1.5, 0)).toThrow(RangeError);
  });
});

describe('unpackDayNight', () => {
  it('reverses packDayNight for every pair', () => {
    for (let day = 0; day <= 7; day++) {
      for (let night = 0; night <= 7; night++) {
        expect(unpackDayNight(packDayNight(day, night))).toEqual({ day, night });
      }
    }
  });
});

describe('isPackedDayNight', () => {
  it('accepts only the day and night bits', () => {
    expect(isPackedDayNight(0x42)).toBe(true);
    expect(isPackedDayNight(0x08)).toBe(false);
    expect(isPackedDayNight(0x80)).toBe(false);
    expect(isPackedDayNight(-1)).toBe(false);
    expect(isPackedDayNight('3')).toBe(false);
  });
});
