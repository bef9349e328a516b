import { DiscardPolicy, RetentionPolicy, StorageType, type StreamConfig } from '@nats-io/jetstream';
import type { KvOptions } from '@nats-io/kv';
import type { NatsStreamReplicas } from '@app/config';
import { NATS_STREAM_SUBJECTS, natsBucketStream, type NatsNames } from '@app/contracts';

const SECOND_NS = 1_000_000_000;
const HOUR_NS = 3600 * SECOND_NS;
const DAY_NS = 24 * HOUR_NS;

/**
 * The streams of the alarm path. Limits retention so that each durable consumer (portal-api,
 * relay-worker, mailer) reads every message at its own pace; a week of backlog survives a
 * consumer that is down. The duplicate window drops a panel's resend of an event the stream
 * already holds (message id = hwaddr + sequence); resends after a longer outage are caught
 * downstream by the (hwaddr, seq) keys of the database and the job ids. `replicas`
 * (NATS_STREAM_REPLICAS): copies kept on as many servers of a cluster; an ack then means a majority
 * of them stored the message.
 */
export function streamConfigs(
  names: NatsNames,
  replicas: NatsStreamReplicas = 1,
): Array<Partial<StreamConfig> & { name: string; subjects: string[] }> {
  return [
    {
      name: names.streams.panelEvents,
      subjects: [names.subjects[NATS_STREAM_SUBJECTS.panelEvents]],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      discard: DiscardPolicy.Old,
      max_age: 7 * DAY_NS,
      duplicate_window: 2 * HOUR_NS,
      num_replicas: replicas,
    },
    {
      name: names.streams.panelConfig,
      subjects: [names.subjects[NATS_STREAM_SUBJECTS.panelConfig]],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      discard: DiscardPolicy.Old,
      max_age: 7 * DAY_NS,
      // A snapshot per network is all that matters; keep a few per panel for late consumers.
      max_msgs_per_subject: 200,
      duplicate_window: 2 * 60 * SECOND_NS,
      num_replicas: replicas,
    },
  ];
}

/**
 * How long a gateway copy counts as alive after its last sign of life. Each copy renews its entry
 * in the GATEWAYS bucket every third of this; a copy that died stops renewing and its entry expires,
 * so the panels it held are no longer shown as connected.
 */
export const GATEWAY_LIVENESS_TTL_MS = 15_000;

/**
 * Latest value per key: connection per hwaddr, runtime report per `<hwaddr>.<networkId>`, and one
 * entry per living gateway copy. Replicated as the streams are: each bucket is a stream (`KV_<name>`).
 */
export function bucketConfigs(
  names: NatsNames,
  replicas: NatsStreamReplicas = 1,
): Array<{ name: string; options: Partial<KvOptions> }> {
  return [
    { name: names.buckets.panelConnections, options: { history: 1, storage: StorageType.File, replicas } },
    { name: names.buckets.panelRuntime, options: { history: 1, storage: StorageType.File, replicas } },
    {
      name: names.buckets.gateways,
      options: { history: 1, storage: StorageType.File, ttl: GATEWAY_LIVENESS_TTL_MS, replicas },
    },
  ];
}

/** The stream that holds a KV bucket. */
export function bucketStreamName(bucket: string): string {
  return natsBucketStream(bucket);
}
