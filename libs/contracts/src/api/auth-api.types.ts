/** Calls under /api/auth (spec 7). */

export interface LoginRequest {
  email: string;
  password: string;
}

/** Answer of login, register, reset and the claims call. */
export interface TokenResponse {
  token: string;
}

export interface RegisterRequest {
  fullname: string;
  email: string;
  password: string;
  telephone?: string;
  company?: string;
}

export interface ResetPasswordRequestRequest {
  email: string;
}

export interface ResetPasswordRequest {
  password: string;
  /** The reset token from the e-mailed link. */
  token: string;
}

export interface AccountResponse {
  email: string;
  name: string;
  company: string;
  telephone: string;
  /** Whether the user's browsers toast live events other than fire and fault (true until turned off). */
  otherEventToasts: boolean;
}

export interface AccountUpdateRequest {
  email: string;
  name: string;
  company?: string;
  telephone?: string;
  /** Left as it is when not given. */
  otherEventToasts?: boolean;
}

/** Every error answer of the API. */
export interface ErrorResponse {
  err: string;
}

/** The account update answers with an empty object, or with err. */
export type AccountUpdateResponse = Partial<ErrorResponse>;
