import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, Not } from 'typeorm';
import { UserRecoveryCodeEntity, UserTwoFactorEntity } from '@app/database';
import { recordAccountActivity } from '../activity/account-activity.repository';
import { type GrantChange, SiteGrantsRepository } from '../../site-grants/site-grants.repository';

/** A user's authenticator as stored: the key still encrypted. */
export interface StoredAuthenticator {
  secretEncrypted: string;
  enabled: boolean;
  lastUsedStep: number | null;
}

/** user_two_factor and user_recovery_codes. */
@Injectable()
export class TwoFactorRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly grants: SiteGrantsRepository,
  ) {}

  async authenticatorOf(userId: string): Promise<StoredAuthenticator | null> {
    const row = await this.dataSource.getRepository(UserTwoFactorEntity).findOneBy({ userId });
    return (
      row && {
        secretEncrypted: row.secretEncrypted,
        enabled: row.enabledAt !== null,
        lastUsedStep: row.lastUsedStep === null ? null : Number(row.lastUsedStep),
      }
    );
  }

  async isEnabled(userId: string): Promise<boolean> {
    return this.dataSource.getRepository(UserTwoFactorEntity).exists({ where: { userId, enabledAt: Not(IsNull()) } });
  }

  /** A new key waiting for its first code, in place of one that waited; never over one that is on. */
  async savePending(userId: string, secretEncrypted: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO user_two_factor (user_id, secret_encrypted) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret_encrypted = EXCLUDED.secret_encrypted, last_used_step = NULL,
         created_at = now()
       WHERE user_two_factor.enabled_at IS NULL
       RETURNING user_id`,
      [userId, secretEncrypted],
    );
    return rows.length === 1;
  }

  /**
   * Turns the waiting key on with the step of its first code and stores the recovery codes' hashes,
   * in one transaction: null when nothing was waiting (turned on meanwhile, or never started), else
   * the sites it opened (of companies that require it, docs/access.md "Teams").
   */
  async enable(
    userId: string,
    firstStep: number,
    recoveryCodeHashes: string[],
    address: string,
  ): Promise<GrantChange[] | null> {
    return this.dataSource.transaction(async (manager) => {
      const turnedOn = await manager.update(
        UserTwoFactorEntity,
        { userId, enabledAt: IsNull() },
        { enabledAt: () => 'now()', lastUsedStep: String(firstStep) },
      );
      if (turnedOn.affected !== 1) return null;
      await manager.delete(UserRecoveryCodeEntity, { userId });
      await manager.insert(
        UserRecoveryCodeEntity,
        recoveryCodeHashes.map((codeHash) => ({ userId, codeHash, usedAt: null })),
      );
      await recordAccountActivity(manager, { userId, kind: 'two-factor-on', address });
      return this.grants.refresh(manager, [userId]);
    });
  }

  /** Records `step` as used, unless a later or the same step was used meanwhile (another copy). */
  async useStep(userId: string, step: number): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(UserTwoFactorEntity)
      .set({ lastUsedStep: String(step) })
      .where('user_id = :userId AND enabled_at IS NOT NULL', { userId })
      .andWhere('(last_used_step IS NULL OR last_used_step < :step)', { step })
      .execute();
    return result.affected === 1;
  }

  /** Uses the recovery code of this hash, once: false when there is none or it was used. */
  async useRecoveryCode(userId: string, codeHash: string, address: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const result = await manager.update(
        UserRecoveryCodeEntity,
        { userId, codeHash, usedAt: IsNull() },
        { usedAt: () => 'now()' },
      );
      if (result.affected !== 1) return false;
      const left = await manager.countBy(UserRecoveryCodeEntity, { userId, usedAt: IsNull() });
      await recordAccountActivity(manager, { userId, kind: 'recovery-code-used', address, detail: String(left) });
      return true;
    });
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    return this.dataSource.getRepository(UserRecoveryCodeEntity).countBy({ userId, usedAt: IsNull() });
  }

  /** Removes the authenticator and the recovery codes; answers the sites of companies requiring it, closed. */
  async disable(userId: string, address: string): Promise<GrantChange[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.delete(UserRecoveryCodeEntity, { userId });
      await manager.delete(UserTwoFactorEntity, { userId });
      await recordAccountActivity(manager, { userId, kind: 'two-factor-off', address });
      return this.grants.refresh(manager, [userId]);
    });
  }

  /** The names of the user's companies that require two-factor sign-in. */
  requiredBy(userId: string): Promise<string[]> {
    return this.grants.companiesRequiringTwoFactor(this.dataSource.manager, userId);
  }
}
