import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { resetPasswordPath, type PasswordResetMailJob } from '@app/contracts';
import { PasswordResetTokenEntity, UserEntity } from '@app/database';
import { enqueueMail, passwordResetMailJob, QueueService } from '@app/messaging';
import { Clock, DomainError } from '@app/platform';
import { CredentialRevocations } from './credential-revocations.service';
import { passwordChangedSince, passwordVersion } from './password-change.util';
import { PasswordHasher } from './password-hasher.service';
import { recordAccountActivity } from './activity/account-activity.repository';
import type { SignInPlace } from './sessions/sign-in-place.util';
import { SessionsService } from './sessions/sessions.service';
import { InvalidTokenError, TokenService } from './token.service';
import { UsersRepository } from './users.repository';

export const RESET_LINK_INVALID = 'This reset link is not valid';
export const RESET_LINK_EXPIRED = 'This reset link has expired';
export const RESET_LINK_USED = 'This reset link has already been used';

/**
 * Password reset by e-mail: a signed token naming the account, good for one use before it expires,
 * and void once the password has changed since it was issued.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly queues: QueueService,
    private readonly clock: Clock,
    private readonly revocations: CredentialRevocations,
    private readonly sessions: SessionsService,
  ) {}

  /** Queues the reset mail for a known address; an unknown one gets the same silence. */
  async request(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) return;
    const expiresAt = new Date((this.clock.nowSeconds() + this.tokens.resetTtlSeconds) * 1000);
    const record = await this.dataSource
      .getRepository(PasswordResetTokenEntity)
      .save({ userId: user.id, expiresAt, usedAt: null });
    const { token } = await this.tokens.signReset(user, user.email, record.jti);
    const job: PasswordResetMailJob = {
      kind: 'password-reset',
      email: user.email,
      name: user.fullName,
      resetPath: resetPasswordPath(token),
      expiresAt: expiresAt.toISOString(),
    };
    try {
      // The mail queue's retry policy (about an hour of tries); one job per reset token.
      await enqueueMail(this.queues, [passwordResetMailJob(job, record.jti)]);
    } catch (error) {
      this.logger.error({ err: error }, 'reset mail not queued');
      throw new DomainError('unavailable', 'Password reset is unavailable at the moment, please try again later');
    }
  }

  /** Sets the new password and answers a session token: the user is signed in. */
  async reset(token: string, password: string, place: SignInPlace): Promise<string> {
    const payload = await this.tokens.verify(token, 'reset').catch((error: unknown) => {
      if (error instanceof InvalidTokenError)
        throw new DomainError('invalid', error.expired ? RESET_LINK_EXPIRED : RESET_LINK_INVALID);
      throw error;
    });
    const passwordHash = await this.hasher.hash(password);
    const changedAt = await this.dataSource.transaction(async (manager) => {
      const record = await manager
        .getRepository(PasswordResetTokenEntity)
        .findOne({ where: { jti: payload.jti }, lock: { mode: 'pessimistic_write' } });
      const user = record ? await manager.getRepository(UserEntity).findOneBy({ id: record.userId }) : null;
      if (!record || !user || record.userId !== payload.sub) throw new DomainError('invalid', RESET_LINK_INVALID);
      if (record.usedAt) throw new DomainError('invalid', RESET_LINK_USED);
      // Expiry was checked with the token's signature; a password changed since the link was sent voids it.
      if (passwordChangedSince(user, payload)) throw new DomainError('invalid', RESET_LINK_USED);
      const now = this.clock.now();
      // The version only ever grows, even for two changes within one millisecond of the clock.
      const version = new Date(Math.max(now.getTime(), passwordVersion(user) + 1));
      await this.users.setPassword(user.id, passwordHash, version, manager);
      await recordAccountActivity(manager, { userId: user.id, kind: 'password-reset', address: place.address });
      // This link and every other one still outstanding for the account are spent.
      await manager
        .getRepository(PasswordResetTokenEntity)
        .update({ userId: user.id, usedAt: IsNull() }, { usedAt: now });
      return version;
    });
    this.revocations.passwordChanged(payload.sub, changedAt);
    // Their tokens are void by the password's version already; ended, they leave My Account's list.
    await this.sessions.passwordChanged(payload.sub);
    return this.sessions.signIn({ id: payload.sub, passwordChangedAt: changedAt }, place);
  }
}
