import type { ClaimsTokenPayload } from '@app/contracts';
import { passwordChangedSince } from '../auth/password-change.util';
import type { SessionHolder } from '../auth/sessions/user-sessions.repository';

export const TOKEN_REVOKED = 'Token is no longer valid: the password has changed';
export const SESSION_ENDED = 'Token is no longer valid: the session was ended';

/**
 * Why a verified claims token no longer speaks for its account (for the API and the live feed
 * alike), or null when it does: the account or its session is gone, the session was ended, or the
 * password changed since it was signed.
 */
export function claimsTokenRefusal(holder: SessionHolder | null, payload: ClaimsTokenPayload): string | null {
  if (!holder) return TOKEN_REVOKED;
  if (holder.ended === 'ended') return SESSION_ENDED;
  if (holder.ended === 'password-changed' || passwordChangedSince(holder.user, payload)) return TOKEN_REVOKED;
  return null;
}
