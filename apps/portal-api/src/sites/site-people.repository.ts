import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SitePerson } from '@app/contracts';
import { claimGrantsAccess } from '@app/database';

/** Who has access to a site: the users whose claim on it grants access (AUTHED). */
@Injectable()
export class SitePeopleRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** By name, then id (two people of one name keep their order). */
  of(hwaddr: string): Promise<SitePerson[]> {
    return this.dataSource.query(
      `SELECT u.id, u.full_name AS name FROM claims c JOIN users u ON u.id = c.user_id
       WHERE c.hwaddr = $1 AND ${claimGrantsAccess('c')}
       ORDER BY lower(u.full_name), u.id`,
      [hwaddr],
    );
  }
}
