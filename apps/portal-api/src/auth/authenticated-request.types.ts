import type { Request } from 'express';

/** What the guards attach to a request once its token is verified. */
export interface SessionIdentity {
  userId: string;
  /** The sign-in the token belongs to (user_sessions). */
  sessionId: string;
  /** The account's password version the session was checked against (signs the claims token). */
  passwordChangedAt: Date;
}

export interface ClaimsIdentity {
  userId: string;
  /** hwaddrs the claims token lists. */
  panels: string[];
}

export interface AuthenticatedRequest extends Request {
  session?: SessionIdentity;
  claims?: ClaimsIdentity;
}
