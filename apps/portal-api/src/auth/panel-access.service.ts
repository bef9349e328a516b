import { ForbiddenException, Injectable } from '@nestjs/common';
import { MESSAGES } from '@app/contracts';
import { AuthedPanelsRepository } from './authed-panels.repository';
import type { ClaimsIdentity } from './authenticated-request.types';

/**
 * "May this user open panel X": the claims token must list it and the user's claim must still be
 * AUTHED now (a claim removed or re-keyed since the token was issued no longer opens the panel).
 */
@Injectable()
export class PanelAccessService {
  constructor(private readonly authedPanels: AuthedPanelsRepository) {}

  async assertMayOpen(claims: ClaimsIdentity, hwaddr: string): Promise<void> {
    const listed = claims.panels.includes(hwaddr);
    if (!listed || !(await this.authedPanels.mayOpen(claims.userId, hwaddr))) {
      throw new ForbiddenException({ err: MESSAGES.noPanelAccess });
    }
  }
}
