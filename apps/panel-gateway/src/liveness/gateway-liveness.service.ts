import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { gatewayBucketKey } from '@app/contracts';
import { GATEWAY_LIVENESS_TTL_MS, NatsService } from '@app/messaging';
import { PANEL_LISTENER_CONFIG } from '../panel-gateway.constants';
import type { PanelListenerConfig } from '../panel-gateway.config';

/**
 * This gateway copy's sign of life in the GATEWAYS bucket, renewed well within its time to live.
 * If the copy dies without closing its panels' connections, its entry expires and portal-api stops
 * showing those panels as connected.
 */
@Injectable()
export class GatewayLiveness implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(GatewayLiveness.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly nats: NatsService,
    @Inject(PANEL_LISTENER_CONFIG) private readonly config: PanelListenerConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.renew();
    this.timer = setInterval(() => void this.renew(), GATEWAY_LIVENESS_TTL_MS / 3);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    if (this.nats.isClosed()) return;
    const bucket = await this.nats.bucket(this.nats.names.buckets.gateways);
    await bucket.delete(gatewayBucketKey(this.config.gatewayId)).catch(() => undefined);
  }

  private async renew(): Promise<void> {
    try {
      const bucket = await this.nats.bucket(this.nats.names.buckets.gateways);
      await bucket.put(
        gatewayBucketKey(this.config.gatewayId),
        JSON.stringify({ gatewayId: this.config.gatewayId, at: new Date().toISOString() }),
      );
    } catch (error) {
      this.logger.warn({ gatewayId: this.config.gatewayId, err: error }, 'sign of life not renewed');
    }
  }
}
