import {
  NATS_APP_ACCESS,
  NATS_APPS,
  NATS_CONSUMER_STREAMS,
  NATS_STREAM_SUBJECTS,
  natsTopologyOf,
  type NatsApp,
  type NatsAppAccess,
  type NatsBucketKey,
  type NatsSubjectKey,
} from './nats-access.definition';
import type { NatsNames } from './nats-names.util';

/** What an app's NATS user may publish and subscribe to (nats-server's `permissions`). */
export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
  /** May reply once to each request it received (a responder's answer to the requester's inbox). */
  allowResponses: boolean;
}

/**
 * The prefix of an app's reply subjects (`inboxPrefix` of its connection): its NATS user may read
 * its own replies only, never another app's. Under the deployment's prefix, as every subject.
 */
export function natsInboxPrefix(app: string, names: NatsNames): string {
  return names.prefix ? `_INBOX.${names.prefix}.${app}` : `_INBOX.${app}`;
}

/** A subject of natsNames with a wildcard token for each of its parameters (a panel's hwaddr, a category). */
export function natsSubjectPattern(names: NatsNames, key: NatsSubjectKey): string {
  const subject = names.subjects[key] as string | ((...tokens: string[]) => string);
  if (typeof subject === 'string') return subject;
  return subject(...Array.from({ length: subject.length }, () => '*'));
}

/** The stream that holds KV bucket `bucket`. */
export function natsBucketStream(bucket: string): string {
  return `KV_${bucket}`;
}

/**
 * Everything app `app` does on NATS as its access declares it (NATS_APP_ACCESS), as allow lists for
 * its user: its own subjects, the JetStream API for exactly its streams, consumers and buckets,
 * and its own inbox.
 */
export function natsPermissions(
  app: NatsApp,
  names: NatsNames,
  access: NatsAppAccess = NATS_APP_ACCESS[app],
): NatsPermissions {
  const api = '$JS.API';
  const subject = (key: NatsSubjectKey) => natsSubjectPattern(names, key);
  const publish = new Set<string>([
    ...access.publishes.map(subject),
    ...access.requests.map(subject),
    ...access.stores.map((stream) => subject(NATS_STREAM_SUBJECTS[stream])),
    // The account's JetStream settings, asked once as the client starts.
    `${api}.INFO`,
  ]);
  const topology = natsTopologyOf(app, access);
  const managed = [
    ...topology.streams.map((stream) => names.streams[stream]),
    ...topology.buckets.map((bucket) => natsBucketStream(names.buckets[bucket])),
  ];
  for (const stream of managed) {
    for (const action of ['INFO', 'CREATE', 'UPDATE']) publish.add(`${api}.STREAM.${action}.${stream}`);
  }
  for (const stream of access.stores) publish.add(`${api}.STREAM.MSG.GET.${names.streams[stream]}`);
  for (const key of access.consumers) {
    const { stream: streamKey, partitions } = NATS_CONSUMER_STREAMS[key];
    const stream = names.streams[streamKey];
    const consumer = names.consumers[key] as string | ((partition: string) => string);
    const durables = typeof consumer === 'string' ? [consumer] : (partitions ?? []).map(consumer);
    for (const durable of durables) {
      publish.add(`${api}.CONSUMER.CREATE.${stream}.${durable}`);
      // Created with a filter subject, the filter is the end of the request's subject.
      publish.add(`${api}.CONSUMER.CREATE.${stream}.${durable}.>`);
      publish.add(`${api}.CONSUMER.DURABLE.CREATE.${stream}.${durable}`);
      publish.add(`${api}.CONSUMER.INFO.${stream}.${durable}`);
      publish.add(`${api}.CONSUMER.DELETE.${stream}.${durable}`);
      publish.add(`${api}.CONSUMER.MSG.NEXT.${stream}.${durable}`);
      publish.add(`$JS.ACK.${stream}.${durable}.>`);
    }
  }
  for (const [key, use] of Object.entries(access.buckets) as Array<[NatsBucketKey, 'read' | 'write']>) {
    const bucket = names.buckets[key];
    const stream = natsBucketStream(bucket);
    publish.add(`${api}.DIRECT.GET.${stream}`);
    publish.add(`${api}.DIRECT.GET.${stream}.>`);
    publish.add(`${api}.STREAM.MSG.GET.${stream}`);
    if (use === 'write') publish.add(`$KV.${bucket}.>`);
  }
  const subscribe = new Set<string>([
    ...access.hears.map(subject),
    ...access.answers.map(subject),
    `${natsInboxPrefix(app, names)}.>`,
  ]);
  return { publish: [...publish], subscribe: [...subscribe], allowResponses: access.answers.length > 0 };
}

/** Every app's permissions under the names of one deployment (or one test's prefix). */
export function allNatsPermissions(names: NatsNames): Record<NatsApp, NatsPermissions> {
  return Object.fromEntries(NATS_APPS.map((app) => [app, natsPermissions(app, names)])) as Record<
    NatsApp,
    NatsPermissions
  >;
}

/** Whether NATS subject `subject` (which may hold wildcard tokens, taken as they are) matches `pattern`. */
export function natsSubjectMatches(pattern: string, subject: string): boolean {
  const wanted = pattern.split('.');
  const tokens = subject.split('.');
  for (let index = 0; index < wanted.length; index++) {
    if (wanted[index] === '>') return tokens.length > index;
    if (index >= tokens.length) return false;
    if (wanted[index] !== '*' && wanted[index] !== tokens[index]) return false;
  }
  return wanted.length === tokens.length;
}

/** Whether an allow list lets `subject` through. */
export function natsAllowed(allow: readonly string[], subject: string): boolean {
  return allow.some((pattern) => natsSubjectMatches(pattern, subject));
}

/**
 * The user of the restore replay (`npm run restore-replay`, docs/backup-restore.md), run by an
 * operator after a database restore while the apps are scaled down; not an app of NATS_APPS.
 */
export const NATS_RESTORE_REPLAY_USER = 'restore-replay';

/**
 * What the restore replay does on NATS: what portal-api does (its ingest publishes live messages and
 * reads the runtime bucket), checking every stream and bucket at connect as a connection of no app
 * does, and reading PANEL_EVENTS through consumers of its own (named by the client library, so any
 * name) beside the info of the apps' consumers on it (how far each acked). A consumer of any name
 * on that stream is more than an app may: its password is the operator's, used for a restore only.
 */
export function natsRestoreReplayPermissions(names: NatsNames): NatsPermissions {
  const api = '$JS.API';
  const publish = new Set(natsPermissions('portal-api', names).publish);
  const streams = [
    ...Object.values(names.streams),
    ...Object.values(names.buckets).map((bucket) => natsBucketStream(bucket)),
  ];
  for (const stream of streams)
    for (const action of ['INFO', 'CREATE', 'UPDATE']) publish.add(`${api}.STREAM.${action}.${stream}`);
  const events = names.streams.panelEvents;
  for (const consumer of [
    `${api}.CONSUMER.CREATE.${events}`,
    `${api}.CONSUMER.CREATE.${events}.*`,
    `${api}.CONSUMER.CREATE.${events}.*.>`,
    `${api}.CONSUMER.INFO.${events}.*`,
    `${api}.CONSUMER.DELETE.${events}.*`,
    `${api}.CONSUMER.MSG.NEXT.${events}.*`,
  ])
    publish.add(consumer);
  return {
    publish: [...publish],
    subscribe: [`${natsInboxPrefix(NATS_RESTORE_REPLAY_USER, names)}.>`],
    allowResponses: false,
  };
}
