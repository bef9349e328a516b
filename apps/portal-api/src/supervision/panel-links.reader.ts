import { Injectable } from '@nestjs/common';
import { gatewayBucketKey, type PanelConnectionMessage } from '@app/contracts';
import { NatsService } from '@app/messaging';
import { Clock, withTimeout } from '@app/platform';

/** How long one bucket read may take; the supervision tries again at its next pass. */
const READ_TIMEOUT_MS = 2000;

/** A panel's connection as the gateway copies record it, judged as the site shows it. */
export interface PanelLink {
  /** The connection the bucket names. */
  connectionId: string;
  /** Connected, through a gateway copy that is alive. */
  connected: boolean;
  /**
   * Connected since, or disconnected since: the record's time, or now for a connection whose
   * copy died without closing it (when it died is not recorded; it was noticed now).
   */
  since: Date;
}

/**
 * Reads a panel's connection from the PANEL_CONNECTIONS bucket and its holder's sign of life from
 * GATEWAYS (docs/reliability.md, "Several gateway copies"), as PanelConnectionState does for the
 * API, telling the supervision also since when. A read that fails throws: the caller tries again.
 */
@Injectable()
export class PanelLinks {
  constructor(
    private readonly nats: NatsService,
    private readonly clock: Clock,
  ) {}

  /** Null when the bucket holds no connection of the panel. */
  async of(hwaddr: string): Promise<PanelLink | null> {
    const record = await this.get(this.nats.names.buckets.panelConnections, hwaddr);
    if (!record) return null;
    const connection = JSON.parse(record) as PanelConnectionMessage;
    const at = new Date(connection.at);
    if (!connection.connected) return { connectionId: connection.connectionId, connected: false, since: at };
    if (await this.gatewayAlive(connection.gatewayId))
      return { connectionId: connection.connectionId, connected: true, since: at };
    return { connectionId: connection.connectionId, connected: false, since: this.clock.now() };
  }

  async gatewayAlive(gatewayId: string): Promise<boolean> {
    return (await this.get(this.nats.names.buckets.gateways, gatewayBucketKey(gatewayId))) !== null;
  }

  private async get(bucketName: string, key: string): Promise<string | null> {
    const bucket = await withTimeout(this.nats.bucket(bucketName), READ_TIMEOUT_MS, 'bucket open timed out');
    const entry = await withTimeout(bucket.get(key), READ_TIMEOUT_MS, `bucket ${bucketName} read timed out`);
    return entry && entry.operation === 'PUT' && entry.length > 0 ? entry.string() : null;
  }
}
