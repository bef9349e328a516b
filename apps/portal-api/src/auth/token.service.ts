import { webcrypto } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type {
  ClaimsTokenPayload,
  PanelRight,
  ResetTokenPayload,
  SecondFactorTokenPayload,
  SessionTokenPayload,
  TokenUse,
} from '@app/contracts';
import { Clock } from '@app/platform';
import { AuthConfig } from './auth.config';
import { passwordVersion } from './password-change.util';

type PayloadOf<U extends TokenUse> = U extends 'session'
  ? SessionTokenPayload
  : U extends 'claims'
    ? ClaimsTokenPayload
    : U extends 'reset'
      ? ResetTokenPayload
      : SecondFactorTokenPayload;

/** How long a sign-in may wait between the password and the authenticator's code. */
const SECOND_FACTOR_TTL_SECONDS = 5 * 60;

/** Why a token was refused; the message is safe to show to the caller. */
export class InvalidTokenError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
    this.name = 'InvalidTokenError';
  }
}

const ALGORITHM = 'HS256';

/** Whom a token is signed for: the account and the version of its password at signing. */
export interface TokenSubject {
  id: string;
  passwordChangedAt: Date;
}

/**
 * Signs and verifies the API's tokens (HS256 JWTs). Every token names its use (`typ`), so that a
 * reset or claims token is never accepted as a session, and the issuer, so that tokens of another
 * deployment are refused. Only HS256 is accepted: `alg: none` and algorithm swaps fail verification.
 */
@Injectable()
export class TokenService {
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    private readonly config: AuthConfig,
    private readonly clock: Clock,
  ) {
    // Imported once: given the raw secret, jose imports it again for every token it signs or checks.
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(config.tokenSecret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  get resetTtlSeconds(): number {
    return this.config.resetTtlSeconds;
  }

  get sessionTtlSeconds(): number {
    return this.config.sessionTtlSeconds;
  }

  /** `sessionId`: the sign-in's row (user_sessions); SessionsService opens it. */
  signSession(subject: TokenSubject, sessionId: string): Promise<string> {
    return this.sign({ typ: 'session', sid: sessionId }, subject, this.config.sessionTtlSeconds);
  }

  /** `rights`: each listed panel's rights (docs/access.md, "Teams"); the API checks the stored role again. */
  signClaims(
    subject: TokenSubject,
    panels: string[],
    sessionId: string,
    rights: Record<string, PanelRight[]> = {},
  ): Promise<string> {
    return this.sign({ typ: 'claims', panels, rights, sid: sessionId }, subject, this.config.claimsTtlSeconds);
  }

  async signReset(subject: TokenSubject, email: string, jti: string): Promise<{ token: string }> {
    return { token: await this.sign({ typ: 'reset', email, jti }, subject, this.config.resetTtlSeconds) };
  }

  /** The password was right: the code must follow within a few minutes, for this account's password as it is. */
  signSecondFactorChallenge(subject: TokenSubject): Promise<string> {
    return this.sign({ typ: 'second-factor' }, subject, SECOND_FACTOR_TTL_SECONDS);
  }

  /** The verified payload, or an InvalidTokenError saying what is wrong. */
  async verify<U extends TokenUse>(token: string, use: U): Promise<PayloadOf<U>> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        issuer: this.config.issuer,
        currentDate: this.clock.now(),
        requiredClaims: ['exp', 'iat', 'sub', 'pwv'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new InvalidTokenError('Token has expired', true);
      throw new InvalidTokenError('Token is not valid');
    }
    if (payload.typ !== use || typeof payload.pwv !== 'number') throw new InvalidTokenError('Token is not valid');
    // Signed before sessions were recorded: its holder signs in again, as after an expiry.
    if ((use === 'session' || use === 'claims') && typeof payload.sid !== 'string')
      throw new InvalidTokenError('Token has expired', true);
    return payload as unknown as PayloadOf<U>;
  }

  private async sign(claims: Record<string, unknown>, subject: TokenSubject, ttlSeconds: number): Promise<string> {
    const now = this.clock.nowSeconds();
    const key = await this.key;
    return new SignJWT({ ...claims, pwv: passwordVersion(subject) })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(this.config.issuer)
      .setSubject(subject.id)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(key);
  }
}
