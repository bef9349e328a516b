import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { accessGrantingClaims, ClaimEntity } from '@app/database';

/** The panels a user may open: those whose claim grants access (claimGrantsAccess), read fresh from the claims. */
@Injectable()
export class AuthedPanelsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async hwaddrsOf(userId: string): Promise<string[]> {
    const claims = await this.dataSource.getRepository(ClaimEntity).find({
      select: { hwaddr: true },
      where: accessGrantingClaims({ userId }),
      order: { hwaddr: 'ASC' },
    });
    return claims.map((claim) => claim.hwaddr);
  }

  async mayOpen(userId: string, hwaddr: string): Promise<boolean> {
    return this.dataSource.getRepository(ClaimEntity).existsBy(accessGrantingClaims({ userId, hwaddr }));
  }
}
