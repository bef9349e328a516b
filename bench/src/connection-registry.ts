import { Kvm } from '@nats-io/kv';
import { connect as connectNats } from '@nats-io/transport-node';
import { natsNames, type PanelConnectionMessage } from '@app/contracts';

/** What the gateways' PANEL_CONNECTIONS bucket names for a panel: its connection and the copy that holds it. */
export type ConnectionRecord = Pick<PanelConnectionMessage, 'connected' | 'gatewayId' | 'connectionId'>;

/** Reads the connection records of the panels from the run's bucket (the one commands are routed by). */
export async function readConnectionRecords(
  natsUrl: string,
  prefix: string,
  hwaddrs: readonly string[],
): Promise<Map<string, ConnectionRecord>> {
  const nc = await connectNats({ servers: natsUrl.split(',') });
  try {
    const bucket = await new Kvm(nc).open(natsNames(prefix).buckets.panelConnections);
    const records = new Map<string, ConnectionRecord>();
    for (const hwaddr of hwaddrs) {
      const entry = await bucket.get(hwaddr);
      if (!entry || entry.operation !== 'PUT') continue;
      const { connected, gatewayId, connectionId } = entry.json<PanelConnectionMessage>();
      records.set(hwaddr, { connected, gatewayId, connectionId });
    }
    return records;
  } finally {
    await nc.close();
  }
}
