/** GET /api/config: what the web client needs to know of the API's configuration. */
export interface ClientConfigResponse {
  /** Issuer named in the API's tokens; a stored token of another issuer is not restored (spec 5). */
  issuer: string;
  /** Support contact shown on the help page (configured, never empty). */
  supportPhone: string;
  supportEmail: string;
  supportAddress: string;
  /** The company that provides the service, named in the footer's copyright. */
  providerName: string;
  /**
   * TIME_DESYNC_THRESHOLD in seconds: an event whose panel clock said a time further off from its
   * arrival is shown with both times (docs/api.md, "Event times").
   */
  timeDesyncThresholdSeconds: number;
}

export const CLIENT_CONFIG_PATH = '/api/config';
