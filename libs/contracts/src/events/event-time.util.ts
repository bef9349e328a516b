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

/**
 * TIME_DESYNC_THRESHOLD's default, in seconds: a panel whose clock is further off from an event's
 * arrival raises 'Panel time possibly out of sync', and its events show the panel's time beside the
 * portal's (docs/api.md, "Event times").
 */
export const DEFAULT_TIME_DESYNC_THRESHOLD_SECONDS = 600;

/** Whether the panel's clock, for an event, was more than `thresholdSeconds` off from when the portal received it. */
export function panelClockOff(panelTime: Date | string, receivedAt: Date | string, thresholdSeconds: number): boolean {
  const off = Math.abs(toDate(panelTime).getTime() - toDate(receivedAt).getTime());
  return Number.isFinite(off) && off > thresholdSeconds * 1000;
}

/**
 * An event's time as mails and pushes tell it: when the portal received it, 'DD/MM/YYYY HH:mm:ss
 * UTC', and, when the panel's clock was more than `thresholdSeconds` off, what it said beside it.
 */
export function eventTimesText(event: { receivedAt: string; panelDate: string }, thresholdSeconds: number): string {
  const received = `${formatEventTime(event.receivedAt)} UTC`;
  return panelClockOff(event.panelDate, event.receivedAt, thresholdSeconds)
    ? `${received} (the panel's clock said ${formatEventTime(event.panelDate)} UTC)`
    : received;
}
