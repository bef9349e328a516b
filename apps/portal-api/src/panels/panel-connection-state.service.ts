import { Injectable } from '@nestjs/common';
import { runtimeBucketKey, type PanelConnectionMessage, type RuntimeReport } from '@app/contracts';
import { NatsService } from '@app/messaging';

/**
 * The latest connection and runtime of each panel, as the gateway keeps them in its KV buckets:
 * read fresh on each call, so every portal-api copy sees the same state.
 */
@Injectable()
export class PanelConnectionState {
  constructor(private readonly nats: NatsService) {}

  async connection(hwaddr: string): Promise<PanelConnectionMessage | null> {
    const bucket = await this.nats.bucket(this.nats.names.buckets.panelConnections);
    const entry = await bucket.get(hwaddr);
    if (!entry || entry.operation !== 'PUT' || entry.length === 0) return null;
    return entry.json<PanelConnectionMessage>();
  }

  async runtime(hwaddr: string, networkId: number): Promise<RuntimeReport | null> {
    const bucket = await this.nats.bucket(this.nats.names.buckets.panelRuntime);
    const entry = await bucket.get(runtimeBucketKey(hwaddr, networkId));
    if (!entry || entry.operation !== 'PUT' || entry.length === 0) return null;
    return entry.json<{ runtime: RuntimeReport }>().runtime;
  }
}
