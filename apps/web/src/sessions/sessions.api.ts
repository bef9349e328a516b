import type { SessionsEnded, SessionSummary } from '@app/contracts';
import { apiRequest } from '../shared/api-client';

export const SESSIONS_PATH = '/api/v2/account/sessions';

const isObject = (body: unknown): body is Record<string, unknown> => typeof body === 'object' && body !== null;

const isSessionSummary = (body: unknown): body is SessionSummary =>
  isObject(body) &&
  typeof body.id === 'string' &&
  typeof body.signedInAt === 'string' &&
  typeof body.lastSeenAt === 'string' &&
  typeof body.address === 'string' &&
  typeof body.userAgent === 'string' &&
  typeof body.current === 'boolean';

const isSessionList = (body: unknown): body is SessionSummary[] => Array.isArray(body) && body.every(isSessionSummary);

const isSessionsEnded = (body: unknown): body is SessionsEnded => isObject(body) && typeof body.ended === 'number';

/** The user's signed-in browsers, newest first. Session token, as every call here. */
export function fetchSessions(session: string): Promise<SessionSummary[]> {
  return apiRequest(SESSIONS_PATH, { token: session, isExpectedBody: isSessionList });
}

/** Ends one session (this browser's too); a 404 says it had ended already. */
export async function endOneSession(session: string, id: string): Promise<void> {
  await apiRequest(`${SESSIONS_PATH}/${encodeURIComponent(id)}/end`, { token: session, method: 'POST' });
}

/** Ends every session but the one making the request; how many it ended. */
export async function endOtherSessions(session: string): Promise<number> {
  const answer = await apiRequest(`${SESSIONS_PATH}/end-others`, {
    token: session,
    method: 'POST',
    isExpectedBody: isSessionsEnded,
  });
  return answer.ended;
}
