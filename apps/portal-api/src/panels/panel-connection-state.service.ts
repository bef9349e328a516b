import { Injectable } from '@nestjs/common';
import {
  gatewayBucketKey,
  runtimeBucketKey,
  type PanelConnectionMessage,
  type PanelRuntimeMessage,
  type RuntimeReport,
} from '@app/contracts';
import { NatsService, type KvRecord } from '@app/messaging';
import { DomainError, withTimeout } from '@app/platform';

/** How long a read of the gateway's buckets may take before the live state counts as unavailable. */
export const PANEL_STATE_READ_TIMEOUT_MS = 1000;

export const PANEL_STATE_UNAVAILABLE = "The panel's live state is unavailable at the moment, please try again shortly";

/**
 * The latest connection and runtime of each panel, as the gateway keeps them in its KV buckets:
 * read fresh on each call, so every portal-api copy sees the same state. While NATS is away (a
 * restart), a read fails at once or after a short wait as 'unavailable' (503), never hangs into a 500.
 */
@Injectable()
export class PanelConnectionState {
  constructor(private readonly nats: NatsService) {}

  /**
   * The panel's latest connection. A panel held by a gateway copy that is no longer alive (it died
   * without closing its connections) is not connected, whatever its last report said.
   */
  async connection(hwaddr: string): Promise<PanelConnectionMessage | null> {
    const entry = await this.read(this.nats.names.buckets.panelConnections, hwaddr);
    if (!entry || entry.operation !== 'PUT' || entry.length === 0) return null;
    const connection = entry.json<PanelConnectionMessage>();
    if (connection.connected && !(await this.gatewayAlive(connection.gatewayId)))
      return { ...connection, connected: false };
    return connection;
  }

  /**
   * Whether `message` is the disconnect of a connection the panel has replaced since: the bucket
   * names another connection, connected. Reports of two gateway copies (A's disconnect, B's connect
   * after the panel moved) reach portal-api in no set order, while the bucket takes a disconnect
   * only as long as it names that connection; such a report is late, and acting on it would show
   * the panel offline while it is connected through the other copy. A bucket that cannot be read
   * judges nothing late.
   */
  async isSupersededDisconnect(message: PanelConnectionMessage): Promise<boolean> {
    if (message.connected) return false;
    let entry: KvRecord | null;
    try {
      entry = await this.read(this.nats.names.buckets.panelConnections, message.hwaddr);
    } catch {
      return false;
    }
    if (!entry || entry.operation !== 'PUT' || entry.length === 0) return false;
    const current = entry.json<PanelConnectionMessage>();
    return current.connected && current.connectionId !== message.connectionId;
  }

  private async gatewayAlive(gatewayId: string): Promise<boolean> {
    const entry = await this.read(this.nats.names.buckets.gateways, gatewayBucketKey(gatewayId));
    return entry !== null && entry.operation === 'PUT';
  }

  async runtime(hwaddr: string, networkId: number): Promise<RuntimeReport | null> {
    return (await this.latestRuntime(hwaddr, networkId))?.runtime ?? null;
  }

  /** The network's latest runtime report as the gateway published it (with its time). */
  async latestRuntime(hwaddr: string, networkId: number): Promise<PanelRuntimeMessage | null> {
    const entry = await this.read(this.nats.names.buckets.panelRuntime, runtimeBucketKey(hwaddr, networkId));
    if (!entry || entry.operation !== 'PUT' || entry.length === 0) return null;
    return entry.json<PanelRuntimeMessage>();
  }

  private async read(bucketName: string, key: string): Promise<KvRecord | null> {
    if (!this.nats.isConnected) throw new DomainError('unavailable', PANEL_STATE_UNAVAILABLE);
    try {
      const bucket = await withTimeout(
        this.nats.bucket(bucketName),
        PANEL_STATE_READ_TIMEOUT_MS,
        'bucket open timed out',
      );
      return await withTimeout(bucket.get(key), PANEL_STATE_READ_TIMEOUT_MS, 'bucket read timed out');
    } catch (error) {
      // Whatever the cause (timeout, disconnect mid-request), the caller can only try again later.
      throw new DomainError('unavailable', PANEL_STATE_UNAVAILABLE, { cause: error });
    }
  }
}
