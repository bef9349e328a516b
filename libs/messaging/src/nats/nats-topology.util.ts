import {
  type JetStreamManager,
  type StreamConfig,
  type StreamInfo,
  JetStreamApiError,
  jetstream,
} from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import type { NatsStreamReplicas } from '@app/config';
import type { NatsBucketKey, NatsNames, NatsStreamKey } from '@app/contracts';
import { bucketConfigs, bucketStreamName, streamConfigs } from './nats-topology.constants';

/** The streams and buckets one app uses (natsTopologyOf); absent: every one. */
export interface NatsTopologyPart {
  streams: readonly NatsStreamKey[];
  buckets: readonly NatsBucketKey[];
}

/**
 * Creates the streams and buckets if missing and brings existing ones to the wanted settings,
 * their replica count (NATS_STREAM_REPLICAS) included: JetStream copies a stream to the servers it
 * adds, or drops the copies, on an update. The durable consumers set no replica count of their own,
 * so each one follows its stream's, existing ones included (the server scales them with it).
 * Every app calls it at boot for the streams and buckets it uses (`part`: its NATS user may manage
 * no other); it is safe when several start at once.
 */
export async function ensureNatsTopology(
  nc: NatsConnection,
  jsm: JetStreamManager,
  names: NatsNames,
  replicas: NatsStreamReplicas = 1,
  part?: NatsTopologyPart,
): Promise<void> {
  const streams = new Set((part?.streams ?? []).map((key) => names.streams[key]));
  const buckets = new Set((part?.buckets ?? []).map((key) => names.buckets[key]));
  for (const config of streamConfigs(names, replicas)) {
    if (part && !streams.has(config.name)) continue;
    await explained(config.name, replicas, () => ensureStream(jsm, config));
  }
  // With the manager's settings (a start's shorter wait for answers), not the client's defaults.
  const kvm = new Kvm(jetstream(nc, jsm.getOptions()));
  for (const bucket of bucketConfigs(names, replicas)) {
    if (part && !buckets.has(bucket.name)) continue;
    const stream = bucketStreamName(bucket.name);
    await explained(stream, replicas, async () => {
      // Creates a missing bucket only; an existing one keeps its stream's settings, so its replica
      // count is brought up to date on the stream itself.
      await kvm.create(bucket.name, bucket.options);
      await ensureReplicas(jsm, stream, replicas);
    });
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
  await updateStream(jsm, config.name, config);
}

async function ensureReplicas(jsm: JetStreamManager, stream: string, replicas: number): Promise<void> {
  const info = await streamInfo(jsm, stream);
  if (info && info.config.num_replicas !== replicas) await updateStream(jsm, stream, { num_replicas: replicas });
}

/**
 * An update that another app's identical update (copies booting together) may have beaten to it: the
 * server refuses a change of replicas while one is under way, so a refusal is fine when the stream
 * already has what was asked.
 */
async function updateStream(jsm: JetStreamManager, name: string, config: Partial<StreamConfig>): Promise<void> {
  try {
    await jsm.streams.update(name, config);
  } catch (error) {
    const now = await streamInfo(jsm, name);
    if (config.num_replicas === undefined || now?.config.num_replicas !== config.num_replicas) throw error;
  }
}

async function streamInfo(jsm: JetStreamManager, name: string): Promise<StreamInfo | undefined> {
  try {
    return await jsm.streams.info(name);
  } catch (error) {
    if (error instanceof JetStreamApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** A server's refusal says which stream and replica count it refused (e.g. 3 on a single server). */
async function explained(stream: string, replicas: number, step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (!(error instanceof JetStreamApiError)) throw error;
    throw new Error(
      `NATS stream ${stream} with ${replicas} replica(s) (NATS_STREAM_REPLICAS): ${(error as Error).message}`,
      { cause: error },
    );
  }
}
