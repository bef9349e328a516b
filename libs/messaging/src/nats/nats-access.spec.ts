import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  NATS_APP_ACCESS,
  NATS_APPS,
  natsAllowed,
  natsNames,
  natsPermissions,
  natsSubjectPattern,
  type NatsApp,
  type NatsAppAccess,
  type NatsSubjectKey,
} from '@app/contracts';

const ROOT = join(__dirname, '../../../..');

/** An app's own TypeScript sources, tests and test helpers left out. */
function sources(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['testing', 'e2e'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sources(path));
    else if (entry.name.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(entry.name)) found.push(path);
  }
  return found;
}

/**
 * What a source file does on NATS that the app's access (NATS_APP_ACCESS) does not allow: every
 * subject, stream and bucket of natsNames it names, a publish or request on a subject, a bucket
 * written, a live message sent (LivePublisher, or NotificationsWriter, which announces through it).
 */
export function beyondAccess(app: NatsApp, text: string, access: NatsAppAccess = NATS_APP_ACCESS[app]): string[] {
  const names = natsNames('');
  const { publish, subscribe } = natsPermissions(app, names, access);
  const found: string[] = [];
  const pattern = (key: string) => natsSubjectPattern(names, key as NatsSubjectKey);
  for (const [, key] of text.matchAll(/names\.subjects\.(\w+)/g)) {
    if (!natsAllowed(publish, pattern(key)) && !natsAllowed(subscribe, pattern(key)))
      found.push(`names subject ${key}, which it neither publishes nor hears`);
  }
  const sent = /\.(?:publish|publishEncoded|request)(?:<[^>]*>)?\(\s*this\.nats\.names\.subjects\.(\w+)/g;
  for (const [, key] of text.matchAll(sent)) {
    if (!natsAllowed(publish, pattern(key))) found.push(`sends on subject ${key}, which it may not publish on`);
  }
  for (const [, key] of text.matchAll(/names\.streams\.(\w+)/g)) {
    const stream = names.streams[key as keyof typeof names.streams];
    if (!natsAllowed(publish, `$JS.API.STREAM.INFO.${stream}`))
      found.push(`names stream ${key}, which it does not use`);
  }
  const writes = /\b\w*bucket\w*\.(?:put|update|create|delete)\(/i.test(text);
  for (const [, key] of text.matchAll(/names\.buckets\.(\w+)/g)) {
    const use = (access.buckets as Record<string, string | undefined>)[key];
    if (use === undefined) found.push(`names bucket ${key}, which it does not use`);
    else if (writes && use !== 'write') found.push(`writes bucket ${key}, which it only reads`);
  }
  const live = /\b(?:LivePublisher|NotificationsWriter)\b/.test(text);
  for (const key of ['live', 'liveUser'] as const) {
    if (live && !natsAllowed(publish, pattern(key))) found.push(`sends live messages (${key}), which it may not`);
  }
  return found;
}

describe('NATS_APP_ACCESS, against what each app does', () => {
  it.each(NATS_APPS)('lets %s do everything its code does on NATS', (app) => {
    const files = sources(join(ROOT, 'apps', app, 'src'));
    expect(files.length).toBeGreaterThan(10);
    const beyond = files.flatMap((file) =>
      beyondAccess(app, readFileSync(file, 'utf8')).map((what) => `${relative(ROOT, file)} ${what}`),
    );
    expect(beyond).toEqual([]);
  });

  it.each(NATS_APPS)("starts %s's message handlers from its access, and names its connection after it", (app) => {
    const module = readFileSync(join(ROOT, 'apps', app, 'src', `${app}.module.ts`), 'utf8');
    expect(module).toContain(`MessageHandlersModule.forApp('${app}')`);
    expect(module).not.toContain('MessageHandlersModule.forRoot(');
    // NatsModule names the connection after RuntimeConfig.appName, which picks the app's inbox and topology.
    const config = readFileSync(join(ROOT, 'apps', app, 'src', `${app}.config.ts`), 'utf8');
    expect(config).toContain(`readRuntimeConfig('${app}'`);
  });

  it('finds what an access lacks', () => {
    const none: NatsAppAccess = {
      consumers: [],
      hears: [],
      answers: [],
      publishes: [],
      requests: [],
      stores: [],
      buckets: { gateways: 'read' },
    };
    const code = [
      'this.nats.publish(this.nats.names.subjects.credentialsRevoked(userId), message);',
      'await this.nats.request<Reply>(this.nats.names.subjects.relayVerify, request, { timeoutMs });',
      'const stream = this.nats.names.streams.panelEvents;',
      'const bucket = await this.nats.bucket(this.nats.names.buckets.gateways); await bucket.put(key, value);',
      'constructor(private readonly live: LivePublisher) {}',
    ].join('\n');
    expect(beyondAccess('mailer', code, none)).toEqual([
      'names subject credentialsRevoked, which it neither publishes nor hears',
      'names subject relayVerify, which it neither publishes nor hears',
      'sends on subject credentialsRevoked, which it may not publish on',
      'sends on subject relayVerify, which it may not publish on',
      'names stream panelEvents, which it does not use',
      'writes bucket gateways, which it only reads',
      'sends live messages (live), which it may not',
      'sends live messages (liveUser), which it may not',
    ]);
    // Heard, not published: naming it is fine, sending on it is not.
    const hears: NatsAppAccess = { ...none, hears: ['allLive'], buckets: {} };
    expect(beyondAccess('mailer', 'this.nats.names.subjects.liveUser("")', hears)).toEqual([]);
    expect(beyondAccess('mailer', 'this.nats.publish(this.nats.names.subjects.live(hwaddr), m)', hears)).toEqual([
      'sends on subject live, which it may not publish on',
    ]);
  });
});
