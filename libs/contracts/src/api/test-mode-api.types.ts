/** Test mode of a site (docs/test-mode.md). Dates are ISO 8601 strings. */

/** A site's test mode while it lasts: who started it, when, until when and why. */
export interface SiteTestMode {
  /** The name of the user who started it. */
  startedBy: string;
  startedAt: string;
  /** When it ends by itself (unless ended by hand before). */
  until: string;
  reason: string;
}

/** POST /v2/sites/{hwaddr}/test-mode. */
export interface TestModeStartRequest {
  /** How long, in minutes: TEST_MODE_MIN_MINUTES to TEST_MODE_MAX_MINUTES. */
  minutes: number;
  reason: string;
}
