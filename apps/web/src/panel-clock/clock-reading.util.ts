import { type PanelClockReading } from '@app/contracts';
import { shownTime } from '../shared/shown-time.util';

/** Off by less than this, the clocks are said to agree (the panel stamps whole seconds, the trip takes some). */
const IN_STEP_SECONDS = 60;

/** '25 min', '2 h 5 min', '3 d 4 h': how far, to the minute. */
export function clockDistanceText(seconds: number): string {
  const minutes = Math.round(Math.abs(seconds) / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/** The panel's clock against the portal's, as its latest event showed it (times in UTC, as the spec shows them). */
export function clockReadingText(reading: PanelClockReading): string {
  if (reading.offsetSeconds === null || reading.seenAt === null) return 'No event received yet';
  const when = `as of its latest event, received ${shownTime(reading.seenAt)}`;
  if (Math.abs(reading.offsetSeconds) < IN_STEP_SECONDS) return `In step with the portal's time ${when}`;
  const direction = reading.offsetSeconds < 0 ? 'behind' : 'ahead of';
  return `${clockDistanceText(reading.offsetSeconds)} ${direction} the portal's time ${when}`;
}
