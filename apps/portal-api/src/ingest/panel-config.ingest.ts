import { Injectable, Logger } from '@nestjs/common';
import type { PanelConfigMessage } from '@app/contracts';
import { type DurableMessageInfo, LivePublisher, StreamConsumer } from '@app/messaging';
import { PanelConnectionState } from '../panels/panel-connection-state.service';
import { toSitePanel } from '../sites/site-panel.util';
import { PanelStateRepository } from './panel-state.repository';

/**
 * Stores each network's configuration snapshot (PANEL_CONFIG stream), then tells browsers: ConfigSync
 * with the network's new configuration, flat as GET /v2/sites/{hwaddr} returns it, so that an open
 * site screen applies it without asking the API.
 */
@Injectable()
export class PanelConfigIngest {
  private readonly logger = new Logger(PanelConfigIngest.name);

  constructor(
    private readonly panels: PanelStateRepository,
    private readonly livefeed: LivePublisher,
    private readonly state: PanelConnectionState,
  ) {}

  @StreamConsumer('portalApiConfig', { stream: 'panelConfig', health: 'panelConfigConsumer' })
  async store(message: PanelConfigMessage, info: DurableMessageInfo): Promise<void> {
    if (!(await this.panels.saveConfig(message, info.streamSequence))) return;
    await this.announce(message);
  }

  /**
   * After the commit. The connection state lives in the gateway's buckets: when it cannot be read,
   * browsers are told to reload the site (Resync) rather than the stored snapshot being redelivered
   * (a redelivered snapshot is not stored twice, so it would announce nothing).
   */
  private async announce(message: PanelConfigMessage): Promise<void> {
    const { hwaddr, networkId } = message;
    try {
      const connected = (await this.state.connection(hwaddr))?.connected ?? false;
      const runtime = connected ? await this.state.runtime(hwaddr, networkId) : null;
      const configuration = {
        ...message.strings,
        zones: message.zones,
        modules: message.modules,
        devices: message.devices,
      };
      this.livefeed.toPanel(hwaddr, {
        type: 'ConfigSync',
        data: toSitePanel(hwaddr, networkId, configuration, connected, runtime),
      });
    } catch (error) {
      this.logger.warn({ hwaddr, networkId, err: error }, 'ConfigSync replaced by Resync');
      this.livefeed.toPanel(hwaddr, { type: 'Resync', data: { hwaddr } });
    }
  }
}
