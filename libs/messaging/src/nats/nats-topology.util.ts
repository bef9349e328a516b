import { type JetStreamManager, type StreamConfig, JetStreamApiError } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { NatsNames } from '@app/contracts';
import { bucketConfigs, streamConfigs } from './nats-topology.constants';

/**
 * Creates the streams and buckets if missing and brings existing ones to the wanted settings.
 * Every app calls it at boot; it is safe when several start at once.
 */
export async function ensureNatsTopology(nc: NatsConnection, jsm: JetStreamManager, names: NatsNames): Promise<void> {
  for (const config of streamConfigs(names)) {
    await ensureStream(jsm, config);
  }
  const kvm = new Kvm(nc);
  for (const bucket of bucketConfigs(names)) {
    await kvm.create(bucket.name, bucket.options);
  }
}

async function ensureStream(jsm: JetStreamManager, config: Partial<StreamConfig> & { name: string }): Promise<void> {
  const existing = await streamInfo(jsm, config.name);
  if (!existing) {
    try {
      await jsm.streams.add(config);
      return;
    } catch (error) {
      // Another app created it in between: fall through to the update.
      if (!(await streamInfo(jsm, config.name))) throw error;
    }
  }
  await jsm.streams.update(config.name, config);
}

async function streamInfo(jsm: JetStreamManager, name: string) {
  try {
    return await jsm.streams.info(name);
  } catch (error) {
    if (error instanceof JetStreamApiError && error.status === 404) return undefined;
    throw error;
  }
}
