import type { EventCategory } from '../events/event-categories.catalogue';

/**
 * Every NATS subject, JetStream stream, KV bucket and durable consumer name of the portal, built in
 * one place. A prefix lets several deployments (or test runs) share one NATS server without seeing
 * each other's messages: subjects become `<prefix>.panel.…`, streams and buckets `<prefix>_…`.
 */
export interface NatsNames {
  readonly prefix: string;
  readonly subjects: {
    /** A panel event, by category, so that a consumer can take only the categories it acts on. */
    panelEvent(hwaddr: string, category: EventCategory): string;
    /** Events of one category from every panel. */
    panelEventsOf(category: EventCategory): string;
    panelConfig(hwaddr: string): string;
    panelConnection(hwaddr: string): string;
    panelRuntime(hwaddr: string): string;
    panelCommand(hwaddr: string): string;
    live(hwaddr: string): string;
    liveUser(userId: string): string;
    /** Core subject every portal-api copy hears: the user's tokens signed before a password change are void. */
    credentialsRevoked(userId: string): string;
    allCredentialsRevoked: string;
    /** Core subject every portal-api copy hears: a user's live counts for a site changed outside the live feed (events marked seen). */
    livefeedCountsStale: string;
    /** Wildcards matching one kind of subject for every panel. */
    allPanelEvents: string;
    allPanelConfigs: string;
    allPanelConnections: string;
    allPanelRuntimes: string;
    allLive: string;
    /** Request/reply subject the relay-worker answers for relay verification. */
    relayVerify: string;
    /** Request/reply subject the relay-worker answers to drive one relay action once (Test action). */
    relayActionTest: string;
  };
  readonly streams: { panelEvents: string; panelConfig: string };
  readonly buckets: { panelConnections: string; panelRuntime: string; gateways: string };
  readonly consumers: {
    portalApi: string;
    portalApiConfig: string;
    /**
     * portal-api's alarm lane: one durable per alarm category, so that a fire or fault is stored and
     * sent live without waiting behind the other events `portalApi` has still to read.
     */
    portalApiAlarms(category: EventCategory): string;
    /** One durable per category acted on, so that other events never reach (nor delay) these. */
    relayWorker(category: EventCategory): string;
    mailer(category: EventCategory): string;
    /** The mailer's webhook channel: its own durables, so alarm mails and webhooks never wait on each other. */
    webhooks(category: EventCategory): string;
    /** The mailer's push channel: its own durables, so pushes never wait on mails or webhooks. */
    push(category: EventCategory): string;
  };
}

const PREFIX_PATTERN = /^[A-Za-z0-9_-]*$/;

export function natsNames(prefix = ''): NatsNames {
  if (!PREFIX_PATTERN.test(prefix)) {
    throw new Error(`NATS prefix '${prefix}' may hold only letters, digits, '_' and '-'`);
  }
  const s = (subject: string) => (prefix ? `${prefix}.${subject}` : subject);
  const n = (name: string) => (prefix ? `${prefix}_${name}` : name);
  return {
    prefix,
    subjects: {
      panelEvent: (hwaddr, category) => s(`panel.${hwaddr}.event.${category}`),
      panelEventsOf: (category) => s(`panel.*.event.${category}`),
      panelConfig: (hwaddr) => s(`panel.${hwaddr}.config`),
      panelConnection: (hwaddr) => s(`panel.${hwaddr}.connection`),
      panelRuntime: (hwaddr) => s(`panel.${hwaddr}.runtime`),
      panelCommand: (hwaddr) => s(`panel.${hwaddr}.cmd`),
      live: (hwaddr) => s(`live.${hwaddr}`),
      liveUser: (userId) => s(`live.user.${userId}`),
      credentialsRevoked: (userId) => s(`auth.revoked.${userId}`),
      allCredentialsRevoked: s('auth.revoked.*'),
      livefeedCountsStale: s('livefeed.counts.stale'),
      allPanelEvents: s('panel.*.event.*'),
      allPanelConfigs: s('panel.*.config'),
      allPanelConnections: s('panel.*.connection'),
      allPanelRuntimes: s('panel.*.runtime'),
      allLive: s('live.>'),
      relayVerify: s('relay.verify'),
      relayActionTest: s('relay.action.test'),
    },
    streams: { panelEvents: n('PANEL_EVENTS'), panelConfig: n('PANEL_CONFIG') },
    buckets: { panelConnections: n('PANEL_CONNECTIONS'), panelRuntime: n('PANEL_RUNTIME'), gateways: n('GATEWAYS') },
    consumers: {
      portalApi: 'portal-api',
      portalApiConfig: 'portal-api-config',
      portalApiAlarms: (category) => `portal-api-${category}`,
      relayWorker: (category) => `relay-worker-${category}`,
      mailer: (category) => `mailer-${category}`,
      webhooks: (category) => `webhooks-${category}`,
      push: (category) => `push-${category}`,
    },
  };
}
