import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EscalationStep } from '@app/contracts';
import { claimGrantsAccess, outsideQuietHours } from '@app/database';

/** A user to alert about a site, with what the mail needs to greet them and name the site. */
export interface AlertRecipient {
  userId: string;
  email: string;
  fullName: string;
  /** Their own nickname for the site ('' when none). */
  nickname: string;
}

/** Who is reached: an escalation step's audience, and the people it names. */
export type AlertReach = Pick<EscalationStep, 'audience' | 'people'>;

/** The alarm's first step: the users with e-mails on. */
const OPTED_IN: AlertReach = { audience: 'opted-in', people: [] };

/**
 * Who gets fire and fault mails: users whose claim on the site is AUTHED with e-mails on ('opted-in',
 * the alarm's first step); an escalation step may reach 'everyone' with an AUTHED claim, or the
 * 'people' it names among them.
 */
@Injectable()
export class AlertRecipients {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * `quiet`: leave out the users in their quiet hours now (a fault's or a communication loss's
   * recipients; never a fire's).
   */
  ofSite(
    hwaddr: string,
    manager: Queryable = this.dataSource,
    reach: AlertReach = OPTED_IN,
    quiet = false,
  ): Promise<AlertRecipient[]> {
    const [reached, people] = reachSql(reach, '$2');
    return manager.query(
      `${RECIPIENT_SELECT} WHERE claim.hwaddr = $1 AND ${claimGrantsAccess('claim')} ${reached}
       ${quiet ? `AND ${outsideQuietHours('claim.user_id')}` : ''}
       ORDER BY claim.user_id`,
      [hwaddr, ...people],
    );
  }

  /** The same rule for one user, checked again just before sending: they may have opted out since. */
  async one(
    hwaddr: string,
    userId: string,
    manager: Queryable = this.dataSource,
    reach: AlertReach = OPTED_IN,
  ): Promise<AlertRecipient | null> {
    const [reached, people] = reachSql(reach, '$3');
    const [found] = await manager.query<AlertRecipient[]>(
      `${RECIPIENT_SELECT} WHERE claim.hwaddr = $1 AND claim.user_id = $2 AND ${claimGrantsAccess('claim')} ${reached}`,
      [hwaddr, userId, ...people],
    );
    return found ?? null;
  }

  /** The panel's name for a network, '' when not known yet. */
  async panelName(hwaddr: string, networkId: number, manager: Queryable = this.dataSource): Promise<string> {
    const [network] = await manager.query<Array<{ str_name: string }>>(
      `SELECT str_name FROM panel_networks WHERE hwaddr = $1 AND network_id = $2`,
      [hwaddr, networkId],
    );
    return network?.str_name ?? '';
  }
}

/** Where a statement runs: the pool, or a transaction's or a warm-up's connection. */
type Queryable = Pick<EntityManager, 'query'>;

const RECIPIENT_SELECT = `SELECT claim.user_id AS "userId", u.email, u.full_name AS "fullName", claim.nickname
  FROM claims claim JOIN users u ON u.id = claim.user_id`;

/** The condition `reach` adds (with its parameter, named `param`): e-mails on, the people named, or none. */
function reachSql(reach: AlertReach, param: string): [string, unknown[]] {
  if (reach.audience === 'opted-in') return ['AND claim.email_events', []];
  if (reach.audience === 'people') return [`AND claim.user_id = ANY(${param}::uuid[])`, [[...reach.people]]];
  return ['', []];
}
