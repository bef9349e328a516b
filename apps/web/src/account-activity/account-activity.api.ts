import { ACCOUNT_ACTIVITY_KINDS, type AccountActivity, type AccountActivityKind } from '@app/contracts';
import { apiRequest } from '../shared/api-client';

export const ACCOUNT_ACTIVITY_PATH = '/api/v2/account/activity';

const isObject = (body: unknown): body is Record<string, unknown> => typeof body === 'object' && body !== null;

const isActivityKind = (value: unknown): value is AccountActivityKind =>
  typeof value === 'string' && (ACCOUNT_ACTIVITY_KINDS as readonly string[]).includes(value);

const isAccountActivity = (body: unknown): body is AccountActivity =>
  isObject(body) &&
  typeof body.at === 'string' &&
  isActivityKind(body.kind) &&
  typeof body.address === 'string' &&
  typeof body.detail === 'string';

const isActivityList = (body: unknown): body is AccountActivity[] =>
  Array.isArray(body) && body.every(isAccountActivity);

/** The account's security activity, newest first, at most 50. Session token. */
export function fetchAccountActivity(session: string): Promise<AccountActivity[]> {
  return apiRequest(ACCOUNT_ACTIVITY_PATH, { token: session, isExpectedBody: isActivityList });
}
