import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, LessThanOrEqual, Not, type EntityManager } from 'typeorm';
import type { OutageChange } from '@app/contracts';
import {
  claimGrantsAccess,
  outsideQuietHours,
  PanelEntity,
  PanelOutageEntity,
  pushDevicesOfSite,
  type PushDeviceOfSite,
} from '@app/database';

/** What a change of a loss sets. */
export type OutageChanges = Partial<
  Pick<PanelOutageEntity, 'status' | 'reportedAt' | 'restoredAt' | 'notificationId' | 'mailedAt'>
>;

/** A panel the portal has as connected through a gateway copy, by that connection. */
export interface HeldPanel {
  hwaddr: string;
  connectionId: string;
}

/**
 * The panel_outages rows (docs/alerts.md) and what the supervision reads of the panels: each loss
 * stored once per panel and connection, and changed only under the panel's lock (`lockPanel`), so
 * that the copies that act on one panel at once take turns and see each other's changes.
 */
@Injectable()
export class PanelOutagesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Until the transaction ends, the one holder of the panel's outages across every copy. */
  async lockPanel(manager: EntityManager, hwaddr: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('panel-outage:' || $1, 0))`, [hwaddr]);
  }

  /** Stores the loss of this connection, pending, unless stored already (by any copy). */
  async recordLoss(hwaddr: string, connectionId: string, lostAt: Date): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `INSERT INTO panel_outages (hwaddr, connection_id, lost_at) VALUES ($1, $2, $3)
       ON CONFLICT (hwaddr, connection_id) DO NOTHING RETURNING id`,
      [hwaddr, connectionId, lostAt],
    );
    return rows.length > 0;
  }

  /** Pending losses that began at `lostBefore` or earlier, oldest first. */
  async dueLosses(lostBefore: Date, limit: number): Promise<PanelOutageEntity[]> {
    return this.dataSource.getRepository(PanelOutageEntity).find({
      where: { status: 'pending', lostAt: LessThanOrEqual(lostBefore) },
      order: { lostAt: 'ASC' },
      take: limit,
    });
  }

  find(manager: EntityManager, id: number): Promise<PanelOutageEntity | null> {
    return manager.getRepository(PanelOutageEntity).findOneBy({ id });
  }

  /** The panel's losses still pending or reported (open). */
  unsettled(manager: EntityManager, hwaddr: string): Promise<PanelOutageEntity[]> {
    return manager.getRepository(PanelOutageEntity).find({
      where: [
        { hwaddr, status: 'pending' },
        { hwaddr, status: 'reported' },
      ],
      order: { lostAt: 'ASC' },
    });
  }

  /** When a loss of the panel was last mailed, if ever. */
  async lastMailedAt(manager: EntityManager, hwaddr: string): Promise<Date | null> {
    const [row] = await manager.query<Array<{ at: Date | null }>>(
      `SELECT max(mailed_at) AS at FROM panel_outages WHERE hwaddr = $1 AND mailed_at IS NOT NULL`,
      [hwaddr],
    );
    return row?.at ?? null;
  }

  /** The panel's latest reported loss that has a notification: the one a held-back loss re-opens. */
  latestNotified(manager: EntityManager, hwaddr: string): Promise<PanelOutageEntity | null> {
    return manager.getRepository(PanelOutageEntity).findOne({
      where: { hwaddr, notificationId: Not(IsNull()) },
      order: { reportedAt: 'DESC', id: 'DESC' },
    });
  }

  async update(manager: EntityManager, id: number, changes: OutageChanges): Promise<void> {
    await manager.getRepository(PanelOutageEntity).update({ id }, changes);
  }

  /** Open losses (the panel reported offline), oldest first. */
  open(limit: number): Promise<PanelOutageEntity[]> {
    return this.dataSource
      .getRepository(PanelOutageEntity)
      .find({ where: { status: 'reported' }, order: { reportedAt: 'ASC' }, take: limit });
  }

  /**
   * Open losses whose mails the flap rule held back, of panels with no loss mailed since `mailedBefore`:
   * those it lets through now.
   */
  async heldBackDue(mailedBefore: Date, limit: number): Promise<Array<Pick<PanelOutageEntity, 'id' | 'hwaddr'>>> {
    const rows = await this.dataSource.query<Array<{ id: string; hwaddr: string }>>(
      `SELECT o.id, o.hwaddr FROM panel_outages o
        WHERE o.status = 'reported' AND o.mailed_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM panel_outages m WHERE m.hwaddr = o.hwaddr AND m.mailed_at > $1)
        ORDER BY o.reported_at LIMIT $2`,
      [mailedBefore, limit],
    );
    return rows.map((row) => ({ id: Number(row.id), hwaddr: row.hwaddr }));
  }

  /** Mailed losses whose 'lost' mails, or whose 'restored' mails, were decided but not queued yet. */
  async mailsToQueue(limit: number): Promise<PanelOutageEntity[]> {
    return this.dataSource.getRepository(PanelOutageEntity).find({
      where: [
        { mailedAt: Not(IsNull()), lostMailsQueuedAt: IsNull() },
        { status: 'restored', mailedAt: Not(IsNull()), restoredMailsQueuedAt: IsNull() },
      ],
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /** Marks the outage's mails of that kind queued. */
  async mailsQueued(id: number, kind: OutageChange, at: Date): Promise<void> {
    await this.dataSource
      .getRepository(PanelOutageEntity)
      .update({ id }, kind === 'lost' ? { lostMailsQueuedAt: at } : { restoredMailsQueuedAt: at });
  }

  /** Users opted in to the site's e-mails ('Email Fire/Fault events to me' on an AUTHED claim). */
  /** The users with e-mails on for the site, but those in their quiet hours now (docs/alarms.md). */
  async mailRecipients(hwaddr: string): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ user_id: string }>>(
      `SELECT claim.user_id FROM claims claim
       WHERE claim.hwaddr = $1 AND claim.email_events AND ${claimGrantsAccess('claim')}
         AND ${outsideQuietHours('claim.user_id')}
       ORDER BY claim.user_id`,
      [hwaddr],
    );
    return rows.map((row) => row.user_id);
  }

  /** Every device of the users with access to the site, but those in their quiet hours: an outage's pushes. */
  pushDevices(hwaddr: string): Promise<PushDeviceOfSite[]> {
    return pushDevicesOfSite(this.dataSource, hwaddr, true);
  }

  /** The panel's communication alarm that was active when the outage began (docs/alarms.md), if one is. */
  async communicationAlarmAt(hwaddr: string, lostAt: Date): Promise<number | null> {
    const [row] = await this.dataSource.query<Array<{ id: string }>>(
      `SELECT id FROM alarms
       WHERE hwaddr = $1 AND kind = 'communication' AND opened_at <= $2 AND (cleared_at IS NULL OR cleared_at >= $2)
       ORDER BY opened_at DESC LIMIT 1`,
      [hwaddr, lostAt],
    );
    return row ? Number(row.id) : null;
  }

  /** Gateway copies the portal has panels connected through. */
  async connectedGateways(): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ gateway_id: string }>>(
      `SELECT DISTINCT gateway_id FROM panels WHERE connected AND gateway_id IS NOT NULL`,
    );
    return rows.map((row) => row.gateway_id);
  }

  /** Panels connected through that copy (every copy, when none is named) whose connection has no loss stored. */
  async heldPanels(gatewayId?: string): Promise<HeldPanel[]> {
    const rows = await this.dataSource.query<Array<{ hwaddr: string; connection_id: string }>>(
      `SELECT p.hwaddr, p.connection_id FROM panels p
        WHERE p.connected AND p.connection_id IS NOT NULL AND ($1::text IS NULL OR p.gateway_id = $1)
          AND NOT EXISTS (SELECT 1 FROM panel_outages o WHERE o.hwaddr = p.hwaddr AND o.connection_id = p.connection_id)`,
      [gatewayId ?? null],
    );
    return rows.map((row) => ({ hwaddr: row.hwaddr, connectionId: row.connection_id }));
  }

  /** The panel stored as disconnected, while still stored by that connection; false when already so or replaced. */
  async markDisconnected(hwaddr: string, connectionId: string): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(PanelEntity)
      .update({ hwaddr, connectionId, connected: true }, { connected: false });
    return (result.affected ?? 0) > 0;
  }
}
