import type { TwoFactorEnrolment, TwoFactorRecoveryCodes, TwoFactorStatus } from '@app/contracts';
import { apiRequest } from '../shared/api-client';

export const TWO_FACTOR_PATH = '/api/v2/account/two-factor';

const isObject = (body: unknown): body is Record<string, unknown> => typeof body === 'object' && body !== null;

const isStatus = (body: unknown): body is TwoFactorStatus =>
  isObject(body) && typeof body.enabled === 'boolean' && typeof body.recoveryCodesLeft === 'number';

const isEnrolment = (body: unknown): body is TwoFactorEnrolment =>
  isObject(body) &&
  typeof body.secret === 'string' &&
  typeof body.otpauthUrl === 'string' &&
  typeof body.qrSvg === 'string';

const isRecoveryCodes = (body: unknown): body is TwoFactorRecoveryCodes =>
  isObject(body) && Array.isArray(body.recoveryCodes) && body.recoveryCodes.every((code) => typeof code === 'string');

/** On or off, and the recovery codes left. Session token, as every call here. */
export function fetchTwoFactorStatus(session: string): Promise<TwoFactorStatus> {
  return apiRequest(TWO_FACTOR_PATH, { token: session, isExpectedBody: isStatus });
}

/** A new authenticator key, waiting for its first code. */
export function startTwoFactorEnrolment(session: string): Promise<TwoFactorEnrolment> {
  return apiRequest(`${TWO_FACTOR_PATH}/enrolment`, { token: session, method: 'POST', isExpectedBody: isEnrolment });
}

/** The key's first code turns two-factor sign-in on; the answer holds the recovery codes, shown once. */
export function confirmTwoFactorEnrolment(session: string, code: string): Promise<TwoFactorRecoveryCodes> {
  return apiRequest(`${TWO_FACTOR_PATH}/enrolment/confirm`, {
    token: session,
    body: { code },
    isExpectedBody: isRecoveryCodes,
  });
}

/** A current code or a recovery code turns it off. */
export function disableTwoFactor(session: string, code: string): Promise<TwoFactorStatus> {
  return apiRequest(`${TWO_FACTOR_PATH}/disable`, { token: session, body: { code }, isExpectedBody: isStatus });
}
