import { CredentialRevocations } from '../auth/credential-revocations.service';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ClaimCreateRequest, SiteStatus } from '@app/contracts';
import { ACCESS_GRANTING_CLAIM_STATUS } from '@app/database';
import { DomainError } from '@app/platform';
import { LivePublisher } from '@app/messaging';
import { SiteGrantsRepository } from '../site-grants/site-grants.repository';
import { COMPANY_SITE_NOT_REMOVABLE } from '../teams/teams.constants';
import { ClaimKeyCheck } from './claim-key-check.service';
import { ClaimsRepository } from './claims.repository';
import { isStateUnavailable } from './state-unavailable.util';
import { TooManyWrongKeysError, WrongKeyLimits } from './wrong-key-limits.service';

export const CLAIM_ALREADY_AUTHORISED = 'This panel is already authorised for your account';
export const NO_SUCH_SITE = 'You have no site with this address';
export const CLAIM_CHECK_UNAVAILABLE =
  "The panel's key cannot be checked at the moment; nothing was saved, please try again shortly";

/** Claiming a panel (and re-entering its key), removing a claim, the e-mail choice. */
@Injectable()
export class ClaimsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly grants: SiteGrantsRepository,
    private readonly revocations: CredentialRevocations,
    private readonly claims: ClaimsRepository,
    private readonly keyCheck: ClaimKeyCheck,
    private readonly livefeed: LivePublisher,
    private readonly limits: WrongKeyLimits,
  ) {}

  /** Answers the claim's status once the key has been checked, if the panel was there to check it. */
  async create(userId: string, request: ClaimCreateRequest): Promise<{ status: SiteStatus }> {
    const existing = await this.claims.find(userId, request.hwaddr);
    if (existing?.status === ACCESS_GRANTING_CLAIM_STATUS) throw new DomainError('conflict', CLAIM_ALREADY_AUTHORISED);
    // Beyond the wrong-key limits nothing changes: the pending key (if any) stays as it was.
    await this.limits.assertMayTry(userId, request.hwaddr);
    // Read before anything is stored: while the live state is away the claim is not half-made (stored
    // but unchecked with the panel connected, so left waiting for a reconnection that may not come).
    const connection = await this.keyCheck.panelConnection(request.hwaddr).catch((error: unknown) => {
      throw isStateUnavailable(error)
        ? new DomainError('unavailable', CLAIM_CHECK_UNAVAILABLE, { cause: error })
        : error;
    });
    // A new claim takes the nickname and e-mail choice given; re-entering a key keeps them unless given.
    // One pending key per user and panel: re-entering replaces it.
    await this.claims.upsertWaiting(userId, request.hwaddr, request.key, request.nickname, request.notify);
    const limited = await this.keyCheck.checkNow(request.hwaddr, connection);
    const claim = await this.claims.find(userId, request.hwaddr);
    // Concurrent tries reached the limit first: this key waits (for a later try or the panel's next connection).
    const retryAfter = claim ? limited.get(claim.id) : undefined;
    if (retryAfter !== undefined) throw new TooManyWrongKeysError(retryAfter);
    return { status: claim?.status ?? 'WAITING' };
  }

  /**
   * The spec's "remove access". A site shared by invitation is given back (the share ends); one that
   * comes with a company stays while the membership does. When the last holder of a site's key goes,
   * what the holders shared ends too (docs/access.md, "Teams").
   */
  async remove(userId: string, hwaddr: string): Promise<void> {
    const claim = await this.claims.find(userId, hwaddr);
    if (!claim) throw new DomainError('not-found', NO_SUCH_SITE);
    if (claim.via === 'company') throw new DomainError('conflict', COMPANY_SITE_NOT_REMOVABLE);
    const changes = await this.dataSource.transaction(async (manager) => {
      if (!(await this.claims.remove(userId, hwaddr, manager))) throw new DomainError('not-found', NO_SUCH_SITE);
      if (claim.via === 'invitation') {
        await manager.query(`DELETE FROM site_shares WHERE hwaddr = $1 AND user_id = $2`, [hwaddr, userId]);
        return [];
      }
      const guests = await this.grants.endSharesWithoutHolder(manager, hwaddr);
      // A company of the user may still grant the site: it comes back by the company's role.
      return this.grants.refresh(manager, [userId, ...guests]);
    });
    this.revocations.accessChanged(changes);
    this.livefeed.toUser(userId, { type: 'AUTH_CHK', data: {} });
  }

  async setEmailEvents(userId: string, hwaddr: string, state: boolean): Promise<void> {
    if (!(await this.claims.update(userId, hwaddr, { emailEvents: state })))
      throw new DomainError('not-found', NO_SUCH_SITE);
  }
}
