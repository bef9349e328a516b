import { authReady, tokenSet } from './auth.slice';

/** A session arrives: restored at start, or given by a sign-in, a registration or a password reset. */
export const sessionArrived = (action: { type: string; payload?: unknown }): boolean =>
  (authReady.match(action) && action.payload.session !== null) ||
  (tokenSet.match(action) && action.payload.slot === 'session');
