import { Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { PanelConfigMessage } from '@app/contracts';
import { NatsService, startDurableConsumer, type DurableConsumer } from '@app/messaging';
import { HealthRegistry } from '@app/platform';
import { LivefeedPublisher } from '../livefeed/livefeed-publisher.service';
import { PanelStateRepository } from './panel-state.repository';

/** Stores each network's configuration snapshot (PANEL_CONFIG stream), then tells browsers: ConfigSync. */
@Injectable()
export class PanelConfigIngest implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer?: DurableConsumer<PanelConfigMessage>;

  constructor(
    private readonly nats: NatsService,
    private readonly panels: PanelStateRepository,
    private readonly livefeed: LivefeedPublisher,
    health: HealthRegistry,
  ) {
    // Healthy only while the stream's messages are being received: alarms must never pile up unseen.
    health.register({ name: 'panelConfigConsumer', check: () => this.consumer?.assertReceiving() ?? Promise.reject(new Error('not started')) });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await startDurableConsumer<PanelConfigMessage>(this.nats, {
      stream: this.nats.names.streams.panelConfig,
      durable: this.nats.names.consumers.portalApiConfig,
      handler: async (message, info) => {
        if (!(await this.panels.saveConfig(message, info.streamSequence))) return;
        this.livefeed.toPanel(message.hwaddr, { type: 'ConfigSync', data: { hwaddr: message.hwaddr, networkId: message.networkId } });
      },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }
}
