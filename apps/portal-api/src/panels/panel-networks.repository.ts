import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PanelNetworkEntity } from '@app/database';

/** The configuration each panel network last reported. */
@Injectable()
export class PanelNetworksRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  find(hwaddr: string, networkId: number): Promise<PanelNetworkEntity | null> {
    return this.dataSource.getRepository(PanelNetworkEntity).findOneBy({ hwaddr, networkId });
  }

  ofSite(hwaddr: string): Promise<PanelNetworkEntity[]> {
    return this.dataSource.getRepository(PanelNetworkEntity).find({ where: { hwaddr }, order: { networkId: 'ASC' } });
  }
}
