import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RelayActionTestRequest } from '@app/contracts';
import { PanelCommandAuditEntity, type PanelCommandOutcome } from '@app/database';
import { storableText } from '../panels/storable-text.util';

/** The kind of a Test action row in the site's command audit log. */
export const RELAY_ACTION_TEST_KIND = 'relay-action-test';
/** A relay test belongs to the site, not to one of its panel networks. */
const NO_NETWORK = 0;

export interface RelayActionAuditEntry {
  userId: string;
  userName: string;
  hwaddr: string;
  test: RelayActionTestRequest;
}

/**
 * "Test action" requests in the command audit log of the action's site, beside the panel commands:
 * who drove which relay for the site, when, and what came of it.
 */
@Injectable()
export class RelayActionAuditRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  private get rows() {
    return this.dataSource.getRepository(PanelCommandAuditEntity);
  }

  /** Written before the request leaves ('pending'); answers its id for settle(). */
  async begin(entry: RelayActionAuditEntry): Promise<number> {
    const result = await this.rows.insert({
      userId: entry.userId,
      userName: storableText(entry.userName),
      hwaddr: entry.hwaddr,
      networkId: NO_NETWORK,
      kind: RELAY_ACTION_TEST_KIND,
      command: { kind: RELAY_ACTION_TEST_KIND, ...entry.test },
      outcome: 'pending',
      reason: null,
      settledAt: null,
    });
    return Number((result.identifiers[0] as { id: number | string }).id);
  }

  async settle(id: number, outcome: Exclude<PanelCommandOutcome, 'pending'>, reason: string | null): Promise<void> {
    await this.rows.update(
      { id },
      { outcome, reason: reason === null ? null : storableText(reason), settledAt: () => 'now()' },
    );
  }
}
