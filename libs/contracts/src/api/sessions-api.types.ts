/** GET /v2/account/sessions: one signed-in browser of the user (docs/access.md, "Sessions"). */
export interface SessionSummary {
  id: string;
  /** ISO 8601, UTC. */
  signedInAt: string;
  /** The last request of this session, to the minute (ISO 8601, UTC). */
  lastSeenAt: string;
  /** The client's address at sign-in. */
  address: string;
  /** The browser's own description of itself, as it sent it at sign-in. */
  userAgent: string;
  /** The session this request was made with. */
  current: boolean;
}

/** POST /v2/account/sessions/end-others: how many sessions were ended. */
export interface SessionsEnded {
  ended: number;
}
