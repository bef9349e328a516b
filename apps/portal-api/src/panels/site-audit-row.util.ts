import type { EntityManager } from 'typeorm';
import { PanelCommandAuditEntity } from '@app/database';
import { storableJson, storableText } from './storable-text.util';

/** A row of a site's command audit log about something other than a panel command (test mode, an alarm). */
export interface SiteAuditRow {
  /** Null: the system's doing (a test mode that ended by itself). */
  userId: string | null;
  userName: string;
  hwaddr: string;
  /** The panel network it concerns; 0 for the whole site. */
  networkId: number;
  kind: string;
  command: Record<string, unknown>;
}

/** Written with the change, in its transaction: a change on record is one that happened. */
export async function insertSiteAuditRow(manager: EntityManager, row: SiteAuditRow): Promise<void> {
  await manager.getRepository(PanelCommandAuditEntity).insert({
    userId: row.userId,
    userName: storableText(row.userName),
    hwaddr: row.hwaddr,
    networkId: row.networkId,
    kind: row.kind,
    command: storableJson({ kind: row.kind, ...row.command }),
    outcome: 'ok',
    reason: null,
    settledAt: () => 'now()',
  });
}
