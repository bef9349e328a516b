import type { Request } from 'express';

/** Where a sign-in came from, as My Account's list of sessions shows it. */
export interface SignInPlace {
  /** The client's address (behind a trusted proxy, from X-Forwarded-For: HTTP_TRUST_PROXY). */
  address: string;
  userAgent: string;
}

/** A browser's user agent string is ~150 characters; a longer one is cut, not stored whole. */
const USER_AGENT_MAX_LENGTH = 256;

export function signInPlace(request: Request): SignInPlace {
  const userAgent = request.headers['user-agent'] ?? '';
  return { address: clientAddress(request), userAgent: userAgent.slice(0, USER_AGENT_MAX_LENGTH) };
}

/** The client's address as people write it: an IPv4 client of a dual-stack listener without '::ffff:'. */
export function clientAddress(request: Request): string {
  return (request.ip ?? '').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
}
