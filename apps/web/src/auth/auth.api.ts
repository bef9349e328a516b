import {
  CLIENT_CONFIG_PATH,
  type AccountResponse,
  type AccountUpdateRequest,
  type ClientConfigResponse,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SecondFactorChallenge,
  type SecondFactorRequest,
  type TokenResponse,
} from '@app/contracts';
import { apiRequest } from '../shared/api-client';

const isTokenResponse = (body: unknown): body is TokenResponse =>
  typeof body === 'object' && body !== null && typeof (body as TokenResponse).token === 'string';

export function fetchClientConfig(): Promise<ClientConfigResponse> {
  return apiRequest(CLIENT_CONFIG_PATH, {
    isExpectedBody: (body): body is ClientConfigResponse =>
      typeof body === 'object' && body !== null && typeof (body as ClientConfigResponse).issuer === 'string',
  });
}

const isSecondFactorChallenge = (body: unknown): body is SecondFactorChallenge =>
  typeof body === 'object' &&
  body !== null &&
  (body as SecondFactorChallenge).secondFactor === 'totp' &&
  typeof (body as SecondFactorChallenge).challenge === 'string';

/** A token, or, for an account with two-factor sign-in on, a challenge to send back with a code. */
export function login(request: LoginRequest): Promise<TokenResponse | SecondFactorChallenge> {
  return apiRequest('/api/auth/login', {
    body: request,
    isExpectedBody: (body): body is TokenResponse | SecondFactorChallenge =>
      isTokenResponse(body) || isSecondFactorChallenge(body),
  });
}

/** The login's second step: the challenge and a code give the session token (no token is sent). */
export async function verifySecondFactor(request: SecondFactorRequest): Promise<string> {
  return (await apiRequest('/api/v2/auth/second-factor', { body: request, isExpectedBody: isTokenResponse })).token;
}

export async function register(request: RegisterRequest): Promise<string> {
  return (await apiRequest('/api/auth/register', { body: request, isExpectedBody: isTokenResponse })).token;
}

export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest('/api/auth/resetpassword/request', { body: { email } });
}

export async function resetPassword(request: ResetPasswordRequest): Promise<string> {
  return (await apiRequest('/api/auth/resetpassword/reset', { body: request, isExpectedBody: isTokenResponse })).token;
}

export async function fetchClaimsToken(session: string): Promise<string> {
  return (await apiRequest('/api/v2/claims/auth', { method: 'POST', token: session, isExpectedBody: isTokenResponse }))
    .token;
}

export function fetchAccount(session: string): Promise<AccountResponse> {
  return apiRequest('/api/auth/account', { token: session });
}

export function updateAccount(session: string, account: AccountUpdateRequest): Promise<unknown> {
  return apiRequest('/api/auth/account', { token: session, body: account });
}
