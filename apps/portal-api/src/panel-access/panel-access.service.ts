import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@app/contracts';
import { DomainError } from '@app/platform';
import { AuthedPanelsRepository } from './authed-panels.repository';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';

/**
 * "May this user open panel X": the claims token must list it and the user's claim must still be
 * AUTHED now (a claim removed or re-keyed since the token was issued no longer opens the panel).
 */
@Injectable()
export class PanelAccessService {
  constructor(private readonly authedPanels: AuthedPanelsRepository) {}

  async assertMayOpen(claims: ClaimsIdentity, hwaddr: string): Promise<void> {
    const listed = claims.panels.includes(hwaddr);
    if (!listed || !(await this.authedPanels.mayOpen(claims.userId, hwaddr))) throw noAccess();
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
