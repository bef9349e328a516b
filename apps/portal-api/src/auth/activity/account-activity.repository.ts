import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AccountActivityKind } from '@app/contracts';
import { AccountActivityEntity } from '@app/database';

/** One change to an account's security, as the code that makes it records it. */
export interface AccountActivityEntry {
  userId: string;
  kind: AccountActivityKind;
  /** The address the request came from. */
  address: string;
  detail?: string;
}

/**
 * Records a change in the transaction that makes it, so that the record and the change stand or
 * fall together (an account's audit must not miss what happened, nor claim what did not).
 */
export async function recordAccountActivity(manager: EntityManager, entry: AccountActivityEntry): Promise<void> {
  await manager.insert(AccountActivityEntity, { ...entry, detail: entry.detail ?? '' });
}

/** How much of an account's activity My Account shows. */
export const ACCOUNT_ACTIVITY_SHOWN = 50;

/** account_activity, read newest first. */
@Injectable()
export class AccountActivityRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  latest(userId: string, limit = ACCOUNT_ACTIVITY_SHOWN): Promise<AccountActivityEntity[]> {
    return this.dataSource.getRepository(AccountActivityEntity).find({
      where: { userId },
      order: { at: 'DESC', id: 'DESC' },
      take: limit,
    });
  }
}
