import type { SiteTestMode } from '../api/test-mode-api.types';
import { formatEventTime } from '../events/event-time.util';

/** The banner on every screen of a site in test mode: until when, who started it and why. */
export function testModeBannerText(testMode: SiteTestMode): string {
  return `Test mode until ${formatEventTime(testMode.until)}, started by ${testMode.startedBy}: ${testMode.reason}`;
}
