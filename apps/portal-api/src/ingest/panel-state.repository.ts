import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PanelConfigMessage, PanelConnectionMessage } from '@app/contracts';
import { PanelEntity } from '@app/database';

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
        gatewayId: message.gatewayId,
        connectionId: message.connectionId,
        lastSeenAt: new Date(message.at),
      },
      ['hwaddr'],
    );
  }

  /**
   * The snapshot replaces the stored one, whole, unless a later one (by stream sequence) is stored
   * already: copies of portal-api may handle snapshots out of order. Answers whether it was stored.
   */
  async saveConfig(message: PanelConfigMessage, streamSeq: number): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await manager
        .createQueryBuilder()
        .insert()
        .into(PanelEntity)
        .values({ hwaddr: message.hwaddr, panelType: message.panelType })
        .orUpdate(['panel_type'], ['hwaddr'])
        .execute();
      const stored = await manager.query<unknown[]>(
        `INSERT INTO panel_networks (hwaddr, network_id, str_name, str_site, str_company, str_phone_number, zones, modules, devices, config_received_at, config_seq, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now(), $10, now())
         ON CONFLICT (hwaddr, network_id) DO UPDATE SET
           str_name = EXCLUDED.str_name, str_site = EXCLUDED.str_site, str_company = EXCLUDED.str_company,
           str_phone_number = EXCLUDED.str_phone_number, zones = EXCLUDED.zones, modules = EXCLUDED.modules,
           devices = EXCLUDED.devices, config_received_at = EXCLUDED.config_received_at,
           config_seq = EXCLUDED.config_seq, updated_at = now()
         WHERE panel_networks.config_seq < EXCLUDED.config_seq
         RETURNING network_id`,
        [
          message.hwaddr,
          message.networkId,
          message.strings.strName,
          message.strings.strSite,
          message.strings.strCompany,
          message.strings.strPhoneNumber,
          JSON.stringify(message.zones),
          JSON.stringify(message.modules),
          JSON.stringify(message.devices),
          streamSeq,
        ],
      );
      return stored.length > 0;
    });
  }
}
