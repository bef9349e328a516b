import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SITE_ROLE_RIGHTS, type PanelRight, type SiteRole } from '@app/contracts';
import { accessGrantingClaims, ClaimEntity } from '@app/database';

/** A panel the user may open, with their role on it. */
export interface AuthedPanel {
  hwaddr: string;
  role: SiteRole;
}

/**
 * The panels a user may open: those whose claim grants access (claimGrantsAccess), read fresh from
 * the claims, with the user's role on each (docs/access.md, "Teams").
 */
@Injectable()
export class AuthedPanelsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async of(userId: string): Promise<AuthedPanel[]> {
    return this.dataSource.getRepository(ClaimEntity).find({
      select: { hwaddr: true, role: true },
      where: accessGrantingClaims({ userId }),
      order: { hwaddr: 'ASC' },
    });
  }

  async hwaddrsOf(userId: string): Promise<string[]> {
    return (await this.of(userId)).map((panel) => panel.hwaddr);
  }

  /** The user's role on the panel, or null when they may not open it. */
  async roleOn(userId: string, hwaddr: string): Promise<SiteRole | null> {
    const claim = await this.dataSource.getRepository(ClaimEntity).findOne({
      select: { role: true },
      where: accessGrantingClaims({ userId, hwaddr }),
    });
    return claim?.role ?? null;
  }

  async mayOpen(userId: string, hwaddr: string): Promise<boolean> {
    return (await this.roleOn(userId, hwaddr)) !== null;
  }

  /** Whether the user may open the panel and has `right` on it. */
  async hasRight(userId: string, hwaddr: string, right: PanelRight): Promise<boolean> {
    const role = await this.roleOn(userId, hwaddr);
    return role !== null && SITE_ROLE_RIGHTS[role].includes(right);
  }
}
