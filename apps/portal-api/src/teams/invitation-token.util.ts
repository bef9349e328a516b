import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * An invitation link's token: the invitation's id and an HMAC-SHA256 of it under the API's token
 * secret (for this use alone), so a link cannot be made up or altered; expiry and single use are the
 * stored invitation's (docs/access.md, "Teams").
 */
export function invitationToken(secret: string, invitationId: string): string {
  return `${Buffer.from(invitationId, 'utf8').toString('base64url')}.${mac(secret, invitationId)}`;
}

/** The invitation id a token names, or null when it is not one this deployment signed. */
export function invitationIdOf(secret: string, token: string): string | null {
  const [encodedId, signature, ...rest] = token.split('.');
  if (!encodedId || !signature || rest.length > 0) return null;
  const invitationId = Buffer.from(encodedId, 'base64url').toString('utf8');
  if (!/^[0-9a-f-]{36}$/.test(invitationId)) return null;
  const expected = Buffer.from(mac(secret, invitationId), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given) ? invitationId : null;
}

function mac(secret: string, invitationId: string): string {
  return createHmac('sha256', secret).update(`invitation:${invitationId}`).digest('base64url');
}
