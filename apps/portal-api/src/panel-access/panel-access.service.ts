import { Injectable } from '@nestjs/common';
import { MESSAGES, NO_CONTROL_RIGHT, NO_SHARE_RIGHT, SITE_ROLE_RIGHTS, type PanelRight } from '@app/contracts';
import { DomainError } from '@app/platform';
import { AuthedPanelsRepository } from './authed-panels.repository';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';

const NO_RIGHT: Record<PanelRight, string> = { control: NO_CONTROL_RIGHT, share: NO_SHARE_RIGHT };

/**
 * "May this user open panel X", and "may they change it": the claims token must list it and the
 * user's claim must still grant access now (a claim removed or re-keyed, or a company membership
 * ended, since the token was issued no longer opens the panel); a right is checked against the role
 * stored now, so a role lowered takes effect on the next call (docs/access.md, "Teams").
 */
@Injectable()
export class PanelAccessService {
  constructor(private readonly authedPanels: AuthedPanelsRepository) {}

  async assertMayOpen(claims: ClaimsIdentity, hwaddr: string): Promise<void> {
    const listed = claims.panels.includes(hwaddr);
    if (!listed || !(await this.authedPanels.mayOpen(claims.userId, hwaddr))) throw noAccess();
  }

  /** 403 NO_ACCESS when the user may not open the panel, 403 with the right's reason when their role lacks it. */
  async assertHasRight(claims: ClaimsIdentity, hwaddr: string, right: PanelRight): Promise<void> {
    if (!claims.panels.includes(hwaddr)) throw noAccess();
    const role = await this.authedPanels.roleOn(claims.userId, hwaddr);
    if (role === null) throw noAccess();
    if (!SITE_ROLE_RIGHTS[role].includes(right)) throw new DomainError('forbidden', NO_RIGHT[right]);
  }

  /** Panel commands and edits, Sync panel clock, test mode, webhook and escalation settings. */
  assertMayControl(claims: ClaimsIdentity, hwaddr: string): Promise<void> {
    return this.assertHasRight(claims, hwaddr, 'control');
  }

  /**
   * For reads only: runs `read` alongside the check of the stored claim (one round trip to the
   * database instead of two in a row) and answers its result only when the user may open the
   * panel. A panel the token does not list is refused before anything is read.
   */
  async readIfMayOpen<T>(claims: ClaimsIdentity, hwaddr: string, read: () => Promise<T>): Promise<T> {
    if (!claims.panels.includes(hwaddr)) throw noAccess();
    const [mayOpen, result] = await Promise.all([this.authedPanels.mayOpen(claims.userId, hwaddr), read()]);
    if (!mayOpen) throw noAccess();
    return result;
  }
}

function noAccess(): DomainError {
  return new DomainError('forbidden', MESSAGES.noPanelAccess);
}
