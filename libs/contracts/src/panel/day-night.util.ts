/** Device options hold a day and a night choice in one number: day in bits 0-2, night in bits 4-6. */

const CHOICE_MASK = 0b111;
const NIGHT_SHIFT = 4;

export interface DayNight {
  day: number;
  night: number;
}

function checkChoice(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > CHOICE_MASK) {
    throw new RangeError(`${name} option must be a whole number from 0 to ${CHOICE_MASK}, got ${value}`);
  }
}

export function packDayNight(day: number, night: number): number {
  checkChoice('day', day);
  checkChoice('night', night);
  return day | (night << NIGHT_SHIFT);
}

export function unpackDayNight(packed: number): DayNight {
  return { day: packed & CHOICE_MASK, night: (packed >> NIGHT_SHIFT) & CHOICE_MASK };
}

/** True when the value uses only the day and night bits. */
export function isPackedDayNight(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= 0 &&
    (value & ~(CHOICE_MASK | (CHOICE_MASK << NIGHT_SHIFT))) === 0
  );
}
