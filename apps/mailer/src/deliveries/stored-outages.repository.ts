import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PanelOutageEntity } from '@app/database';
import type { MailedOutage } from '@app/messaging';

/** Panel outages as portal-api stored them (docs/alerts.md): what a lost outage mail job is rebuilt from. */
@Injectable()
export class StoredOutages {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async one(id: number): Promise<MailedOutage | null> {
    const row = await this.dataSource.getRepository(PanelOutageEntity).findOneBy({ id });
    return row && { id: row.id, hwaddr: row.hwaddr, lostAt: row.lostAt, restoredAt: row.restoredAt };
  }
}
