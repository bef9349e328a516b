import { CredentialRevocations } from '../credential-revocations.service';
import { Injectable, Logger } from '@nestjs/common';
import { toString as qrSvg } from 'qrcode';
import {
  TWO_FACTOR_MESSAGES,
  type TwoFactorEnrolment,
  type TwoFactorRecoveryCodes,
  type TwoFactorStatus,
} from '@app/contracts';
import { Clock, DomainError } from '@app/platform';
import { AuthConfig } from '../auth.config';
import { RateLimiter } from '../rate-limit/rate-limiter.service';
import { TOO_MANY_ATTEMPTS } from '../rate-limit/auth-rate-limit.guard';
import { UsersRepository } from '../users.repository';
import { AuthenticatorKeyCipher } from './authenticator-key.cipher';
import { acceptedStep, authenticatorUrl, newAuthenticatorKey } from './authenticator.util';
import { looksLikeRecoveryCode, newRecoveryCodes, recoveryCodeHash } from './recovery-codes.util';
import { TwoFactorRepository } from './two-factor.repository';

/**
 * A user's two-factor sign-in (docs/access.md): turned on in My Account with a new authenticator
 * key and its first code, which gives ten recovery codes; checked at sign-in after the password;
 * turned off with a code. Every code tried counts against the user's allowance like a password.
 */
@Injectable()
export class TwoFactorService {
  private readonly logger = new Logger(TwoFactorService.name);

  constructor(
    private readonly store: TwoFactorRepository,
    private readonly users: UsersRepository,
    private readonly cipher: AuthenticatorKeyCipher,
    private readonly limiter: RateLimiter,
    private readonly config: AuthConfig,
    private readonly clock: Clock,
    private readonly revocations: CredentialRevocations,
  ) {}

  async status(userId: string): Promise<TwoFactorStatus> {
    const [enabled, requiredBy] = await Promise.all([this.store.isEnabled(userId), this.store.requiredBy(userId)]);
    return { enabled, recoveryCodesLeft: enabled ? await this.store.recoveryCodesLeft(userId) : 0, requiredBy };
  }

  isEnabled(userId: string): Promise<boolean> {
    return this.store.isEnabled(userId);
  }

  /** A new key waiting for its first code (a set-up started again replaces the one that waited). */
  async startEnrolment(userId: string): Promise<TwoFactorEnrolment> {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError('not-found', 'Account not found');
    const secret = newAuthenticatorKey();
    if (!(await this.store.savePending(userId, this.cipher.encrypt(secret))))
      throw new DomainError('conflict', TWO_FACTOR_MESSAGES.alreadyOn);
    const otpauthUrl = authenticatorUrl(secret, user.email);
    return { secret, otpauthUrl, qrSvg: await qrSvg(otpauthUrl, { type: 'svg', margin: 1 }) };
  }

  /** The first code turns it on and gives the recovery codes, shown this once. */
  /** `address`: the request's, for the account's activity. */
  async confirmEnrolment(userId: string, code: string, address: string): Promise<TwoFactorRecoveryCodes> {
    const stored = await this.store.authenticatorOf(userId);
    if (stored?.enabled) throw new DomainError('conflict', TWO_FACTOR_MESSAGES.alreadyOn);
    if (!stored) throw new DomainError('conflict', TWO_FACTOR_MESSAGES.nothingToConfirm);
    const step = await this.tried(userId, async () =>
      acceptedStep(this.key(stored.secretEncrypted), code, this.clock.now(), null),
    );
    if (step === null) throw new DomainError('invalid', TWO_FACTOR_MESSAGES.wrongCode);
    const recoveryCodes = newRecoveryCodes();
    const opened = await this.store.enable(userId, step, recoveryCodes.map(recoveryCodeHash), address);
    if (!opened) throw new DomainError('conflict', TWO_FACTOR_MESSAGES.alreadyOn);
    if (opened.length > 0) this.revocations.accessChanged(opened);
    return { recoveryCodes };
  }

  /** Off, with a current code or a recovery code: a stolen session alone cannot turn it off. */
  async disable(userId: string, code: string, address: string): Promise<TwoFactorStatus> {
    if (!(await this.store.isEnabled(userId))) throw new DomainError('conflict', TWO_FACTOR_MESSAGES.notOn);
    if (!(await this.proves(userId, code, address))) throw new DomainError('invalid', TWO_FACTOR_MESSAGES.wrongCode);
    const closed = await this.store.disable(userId, address);
    if (closed.length > 0) this.revocations.accessChanged(closed);
    return { enabled: false, recoveryCodesLeft: 0, requiredBy: await this.store.requiredBy(userId) };
  }

  /**
   * Whether `code` is the user's authenticator code now (never one used before) or an unused
   * recovery code, which it then uses up. Counted against the user's allowance; a right code gives
   * its try back, so that a user who typed one wrong code is not held up.
   */
  proves(userId: string, code: string, address: string): Promise<boolean> {
    return this.tried(userId, async () => {
      if (looksLikeRecoveryCode(code)) return this.store.useRecoveryCode(userId, recoveryCodeHash(code), address);
      const stored = await this.store.authenticatorOf(userId);
      if (!stored?.enabled) return false;
      const step = acceptedStep(this.key(stored.secretEncrypted), code, this.clock.now(), stored.lastUsedStep);
      return step !== null && (await this.store.useStep(userId, step));
    });
  }

  /**
   * The stored key in clear. One that does not decrypt (RELAY_SECRET_KEY changed under it) is the
   * deployment's fault, not the user's: no code can be checked (503), and the log says why.
   */
  private key(secretEncrypted: string): string {
    try {
      return this.cipher.decrypt(secretEncrypted);
    } catch (error) {
      this.logger.error({ err: error }, 'authenticator key does not decrypt');
      throw new DomainError('unavailable', TWO_FACTOR_MESSAGES.cannotCheck, { cause: error });
    }
  }

  /**
   * Runs one try of a code under the user's allowance (AUTH_RATE_LIMIT_PER_EMAIL per window). Six
   * digits must not be tried without limit: with Redis not answering, no code is checked at all.
   */
  private async tried<T>(userId: string, attempt: () => Promise<T>): Promise<T> {
    const { perEmail, windowSeconds } = this.config.rateLimit;
    const reservation = await this.limiter
      .reserve(`second-factor:user:${userId}`, perEmail, windowSeconds)
      .catch((error: unknown) => {
        throw new DomainError('unavailable', TWO_FACTOR_MESSAGES.cannotCheck, { cause: error });
      });
    if (!reservation.allowed)
      throw new DomainError('too-many', TOO_MANY_ATTEMPTS, { retryAfterSeconds: reservation.retryAfterSeconds });
    const result = await attempt();
    if (result !== null && result !== false) await reservation.release().catch(() => undefined);
    return result;
  }
}
