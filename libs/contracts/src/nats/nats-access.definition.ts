import type { EventCategory } from '../events/event-categories.catalogue';
import { ALERT_EVENTS } from './alert-events.definition';
import type { NatsNames } from './nats-names.util';

export type NatsSubjectKey = keyof NatsNames['subjects'];
export type NatsStreamKey = keyof NatsNames['streams'];
export type NatsBucketKey = keyof NatsNames['buckets'];
export type NatsConsumerKey = keyof NatsNames['consumers'];

/** The apps that connect to NATS, each as a user of its own (its name). */
export const NATS_APPS = ['portal-api', 'panel-gateway', 'relay-worker', 'mailer'] as const;
export type NatsApp = (typeof NATS_APPS)[number];

export function isNatsApp(name: string): name is NatsApp {
  return (NATS_APPS as readonly string[]).includes(name);
}

/** The subjects each stream holds (nats-topology.constants.ts makes the streams with them). */
export const NATS_STREAM_SUBJECTS = {
  panelEvents: 'allPanelEvents',
  panelConfig: 'allPanelConfigs',
} as const satisfies Record<NatsStreamKey, NatsSubjectKey>;

/**
 * The stream each durable consumer reads; a family (one durable per part) names its parts. The
 * message handlers refuse to start a consumer on another stream or other parts than said here.
 */
export const NATS_CONSUMER_STREAMS: Record<
  NatsConsumerKey,
  { readonly stream: NatsStreamKey; readonly partitions?: readonly EventCategory[] }
> = {
  portalApi: { stream: 'panelEvents' },
  portalApiConfig: { stream: 'panelConfig' },
  portalApiAlarms: ALERT_EVENTS,
  relayWorker: ALERT_EVENTS,
  mailer: ALERT_EVENTS,
  webhooks: ALERT_EVENTS,
  push: ALERT_EVENTS,
};

/**
 * What one app does on NATS, by the logical names of natsNames(). The app's message handlers are
 * started from `consumers`, `hears` and `answers` (MessageHandlersModule.forApp refuses a handler
 * not declared here); its NATS user may do exactly this and nothing else (natsPermissions); it
 * creates or updates at boot only the streams and buckets named here. A test reads each app's code
 * for every subject, stream and bucket it names and fails when one is missing here.
 */
export interface NatsAppAccess {
  /** Durable consumers it reads (each on its stream of NATS_CONSUMER_STREAMS). */
  readonly consumers: readonly NatsConsumerKey[];
  /** Core subjects it subscribes to (@Subscribe). */
  readonly hears: readonly NatsSubjectKey[];
  /** Core subjects it answers requests on (@RespondTo, @RespondToEach): it may reply once to each request. */
  readonly answers: readonly NatsSubjectKey[];
  /** Core subjects it publishes on. */
  readonly publishes: readonly NatsSubjectKey[];
  /** Subjects it sends requests on; the replies come to its own inbox. */
  readonly requests: readonly NatsSubjectKey[];
  /** Streams it stores messages in (JetStream publishes on their subjects), and reads back by sequence. */
  readonly stores: readonly NatsStreamKey[];
  /** KV buckets it reads, or reads and writes. */
  readonly buckets: Readonly<Partial<Record<NatsBucketKey, 'read' | 'write'>>>;
}

export const NATS_APP_ACCESS = {
  'portal-api': {
    consumers: ['portalApi', 'portalApiAlarms', 'portalApiConfig'],
    hears: ['allPanelConnections', 'allPanelRuntimes', 'allLive', 'livefeedCountsStale', 'allCredentialsRevoked'],
    answers: [],
    publishes: ['live', 'liveUser', 'credentialsRevoked', 'livefeedCountsStale'],
    requests: ['panelCommand', 'relayVerify', 'relayActionTest'],
    stores: [],
    buckets: { panelConnections: 'read', panelRuntime: 'read', gateways: 'read' },
  },
  'panel-gateway': {
    consumers: [],
    hears: ['allPanelConnections'],
    answers: ['panelCommand'],
    publishes: ['panelConnection', 'panelRuntime'],
    requests: [],
    stores: ['panelEvents', 'panelConfig'],
    buckets: { panelConnections: 'write', panelRuntime: 'write', gateways: 'write' },
  },
  'relay-worker': {
    consumers: ['relayWorker'],
    hears: [],
    answers: ['relayVerify', 'relayActionTest'],
    publishes: ['live', 'liveUser'],
    requests: [],
    stores: [],
    buckets: {},
  },
  mailer: {
    consumers: ['mailer', 'webhooks', 'push'],
    hears: [],
    answers: [],
    publishes: [],
    requests: [],
    stores: [],
    buckets: {},
  },
} as const satisfies Record<NatsApp, NatsAppAccess>;

/** The streams and buckets an app uses, which it creates or brings up to date at boot. */
export function natsTopologyOf(
  app: NatsApp,
  access: NatsAppAccess = NATS_APP_ACCESS[app],
): { streams: NatsStreamKey[]; buckets: NatsBucketKey[] } {
  const streams = new Set<NatsStreamKey>([
    ...access.consumers.map((consumer) => NATS_CONSUMER_STREAMS[consumer].stream),
    ...access.stores,
  ]);
  return { streams: [...streams], buckets: Object.keys(access.buckets) as NatsBucketKey[] };
}
