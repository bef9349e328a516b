import { Injectable } from '@nestjs/common';
import { gatewayBucketKey, runtimeBucketKey, type PanelConnectionMessage, type RuntimeReport } from '@app/contracts';
import { NatsService } from '@app/messaging';

/**
 * The latest connection and runtime of each panel, as the gateway keeps them in its KV buckets:
 * read fresh on each call, so every portal-api copy sees the same state.
 */
@Injectable()
export class PanelConnectionState {
  constructor(private readonly nats: NatsService) {}

  /**
   * The panel's latest connection. A panel held by a gateway copy that is no longer alive (it died
   * without closing its connections) is not connected, whatever its last report said.
   */
  async connection(hwaddr: string): Promise<PanelConnectionMessage | null> {
    const bucket = await this.nats.bucket(this.nats.names.buckets.panelConnections);
    const entry = await bucket.get(hwaddr);
    if (!entry || entry.operation !== 'PUT' || entry.length === 0) return null;
    const connection = entry.json<PanelConnectionMessage>();
    if (connection.connected && !(await this.gatewayAlive(connection.gatewayId))) return { ...connection, connected: false };
    return connection;
  }

  private async gatewayAlive(gatewayId: string): Promise<boolean> {
    const gateways = await this.nats.bucket(this.nats.names.buckets.gateways);
    const entry = await gateways.get(gatewayBucketKey(gatewayId));
    return entry !== null && entry.operation === 'PUT';
  }

  async runtime(hwaddr: string, networkId: number): Promise<RuntimeReport | null> {
    const bucket = await this.nats.bucket(this.nats.names.buckets.panelRuntime);
    const entry = await bucket.get(runtimeBucketKey(hwaddr, networkId));
    if (!entry || entry.operation !== 'PUT' || entry.length === 0) return null;
    return entry.json<{ runtime: RuntimeReport }>().runtime;
  }
}
