import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PanelConfigMessage, PanelConnectionMessage } from '@app/contracts';
import { PanelEntity, PanelNetworkEntity } from '@app/database';

/** What the portal keeps of each panel: its identity and connection, and each network's configuration. */
@Injectable()
export class PanelStateRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async saveConnection(message: PanelConnectionMessage): Promise<void> {
    await this.dataSource.getRepository(PanelEntity).upsert(
      {
        hwaddr: message.hwaddr,
        panelType: message.panelType,
        firmware: message.firmware,
        cloudControl: message.cloudControl,
        connected: message.connected,
        lastSeenAt: new Date(message.at),
      },
      ['hwaddr'],
    );
  }

  /** The latest snapshot of one network replaces the stored one, whole. */
  async saveConfig(message: PanelConfigMessage): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager
        .createQueryBuilder()
        .insert()
        .into(PanelEntity)
        .values({ hwaddr: message.hwaddr, panelType: message.panelType })
        .orUpdate(['panel_type'], ['hwaddr'])
        .execute();
      await manager.getRepository(PanelNetworkEntity).upsert(
        {
          hwaddr: message.hwaddr,
          networkId: message.networkId,
          strName: message.strings.strName,
          strSite: message.strings.strSite,
          strCompany: message.strings.strCompany,
          strPhoneNumber: message.strings.strPhoneNumber,
          zones: message.zones,
          modules: message.modules,
          devices: message.devices,
          configReceivedAt: new Date(),
        },
        ['hwaddr', 'networkId'],
      );
    });
  }
}
