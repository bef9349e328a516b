import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EscalationStep } from '@app/contracts';
import { claimGrantsAccess, ClaimEntity, outsideQuietHours, PanelNetworkEntity } from '@app/database';

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
  async ofSite(
    hwaddr: string,
    manager: EntityManager = this.dataSource.manager,
    reach: AlertReach = OPTED_IN,
    quiet = false,
  ): Promise<AlertRecipient[]> {
    const query = this.query(manager, reach).andWhere('claim.hwaddr = :hwaddr', { hwaddr });
    return (quiet ? query.andWhere(outsideQuietHours('claim.user_id')) : query)
      .orderBy('claim.user_id')
      .getRawMany<AlertRecipient>();
  }

  /** The same rule for one user, checked again just before sending: they may have opted out since. */
  async one(
    hwaddr: string,
    userId: string,
    manager: EntityManager = this.dataSource.manager,
    reach: AlertReach = OPTED_IN,
  ): Promise<AlertRecipient | null> {
    const found = await this.query(manager, reach)
      .andWhere('claim.hwaddr = :hwaddr AND claim.user_id = :userId', { hwaddr, userId })
      .getRawOne<AlertRecipient>();
    return found ?? null;
  }

  /** The panel's name for a network, '' when not known yet. */
  async panelName(
    hwaddr: string,
    networkId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<string> {
    const network = await manager
      .getRepository(PanelNetworkEntity)
      .findOne({ where: { hwaddr, networkId }, select: { strName: true } });
    return network?.strName ?? '';
  }

  private query(manager: EntityManager, reach: AlertReach) {
    const query = manager
      .getRepository(ClaimEntity)
      .createQueryBuilder('claim')
      .innerJoin('claim.user', 'user')
      .select([
        'claim.user_id AS "userId"',
        'user.email AS "email"',
        'user.full_name AS "fullName"',
        'claim.nickname AS "nickname"',
      ])
      // Kept with `andWhere` by every caller: a later `where` would drop these conditions.
      .where(claimGrantsAccess('claim'));
    if (reach.audience === 'opted-in') return query.andWhere('claim.email_events');
    // No one named reaches no one (an empty IN list is not SQL).
    if (reach.audience === 'people')
      return query.andWhere('claim.user_id = ANY(:people::uuid[])', { people: [...reach.people] });
    return query;
  }
}
