import { PANEL_DATE_MAX_MS, PANEL_DATE_MIN_MS } from '../protocol.constants';

/** ISO 8601 date and time, with optional fraction and zone: panels without a zone send local time. */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:Z|([+-])(\d{2}):(\d{2}))?$/;

const MINUTE_MS = 60_000;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Why a panel's event date may not be stored, or undefined when it may. The regex alone lets
 * 2026-13-45T25:61:00 through, and JavaScript rolls 2026-02-30 over into March, so every part is
 * checked; then the instant (offset applied, a date without zone taken as UTC) must lie in the
 * window a panel clock can plausibly show and PostgreSQL and JavaScript both store.
 */
export function panelDateProblem(text: string): string | undefined {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return 'must be an ISO 8601 date and time such as 2026-11-21T07:30:00Z';
  const [year, month, date, hour, minute, second] = match.slice(1, 7).map(Number);
  const [fraction = '', sign, offsetHours = '0', offsetMinutes = '0'] = match.slice(7);
  if (month < 1 || month > 12) return `is not a real date: month ${month}`;
  if (date < 1 || date > daysInMonth(year, month))
    return `is not a real date: day ${date} of month ${month} of ${year}`;
  if (hour > 23 || minute > 59 || second > 59) return `is not a real time of day: ${match[4]}:${match[5]}:${match[6]}`;
  if (Number(offsetHours) > 23 || Number(offsetMinutes) > 59)
    return `has no real offset: ${sign}${offsetHours}:${offsetMinutes}`;
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, date);
  local.setUTCHours(hour, minute, second, Number(fraction.padEnd(3, '0').slice(0, 3)));
  const offsetMs = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * MINUTE_MS;
  const instant = local.getTime() - offsetMs;
  if (instant < PANEL_DATE_MIN_MS || instant > PANEL_DATE_MAX_MS) {
    return `is ${new Date(instant).toISOString()} once its offset is applied, outside ${day(PANEL_DATE_MIN_MS)} to ${day(PANEL_DATE_MAX_MS)}`;
  }
  return undefined;
}
