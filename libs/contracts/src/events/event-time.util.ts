import { DEFAULT_EVENT_RANGE_DAYS } from '../constants/limits.constants';

const DAY_MS = 24 * 60 * 60 * 1000;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** 'DD/MM/YYYY HH:mm:ss' in UTC, the spec's time display; '' for an invalid date. */
export function formatEventTime(value: Date | string | number): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${formatPickerDate(date)} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/** 'DD/MM/YYYY' in UTC, the date picker format; '' for an invalid date. */
export function formatPickerDate(value: Date | string | number): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCFullYear(), 4)}`;
}

/**
 * Reads a typed 'DD/MM/YYYY' date as midnight UTC. Accepts only real calendar dates with day up to
 * 31, month up to 12 and a year over 999 (spec 5, "Date filter"); anything else gives null.
 */
export function parsePickerDate(text: string): Date | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (day < 1 || day > 31 || month < 1 || month > 12 || year <= 999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCDate() === day && date.getUTCMonth() === month - 1 ? date : null;
}

/** The default events range: from midnight UTC 30 days before today up to now. */
export function defaultEventRange(now: Date = new Date()): { start: Date; end: Date } {
  const todayUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { start: new Date(todayUtc - DEFAULT_EVENT_RANGE_DAYS * DAY_MS), end: new Date(now.getTime()) };
}
