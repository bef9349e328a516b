import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { eventCorrelationId } from '@app/contracts';
import { waitUntil } from '@app/testing';
import { BenchPortalClient, type BenchUser } from '../../../../bench/src/bench-portal.client';
import { BenchStack, type BenchAppName } from '../../../../bench/src/bench-stack';
import { PanelFleet } from '../../../../bench/src/panel-fleet';
import { SmtpSink } from '../../../../bench/src/smtp-sink';
import { RelaySimulator } from '../../../../tools/relay-simulator/src/relay-simulator';

jest.setTimeout(120_000);

/** Loads each app from its TypeScript sources (as the chaos test does): no build needed. */
const SOURCE_LOADER = join(__dirname, '..', '..', '..', '..', 'chaos', 'src', 'testing', 'source-apps.register.js');
const RELAY_PASSWORD = 'LogsRelayPassword0123456789abcde';
const NO_ACTION = { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };

/** One JSON log line of an app, as an operator's log search sees it. */
interface LogLine {
  app: BenchAppName;
  msg?: string;
  correlationId?: string;
  [field: string]: unknown;
}

/**
 * The four apps as operations run them (each its own process, started from its sources), their
 * JSON logs read from their output: one search by a command's correlation id finds it in portal-api
 * and the gateway, one by an alarm's finds its storage, its relay run and its mail.
 */
describe('logs that carry their context (four app processes, a panel, a relay board and an SMTP server)', () => {
  const lines: LogLine[] = [];
  const smtp = new SmtpSink();
  const relay = new RelaySimulator({ password: RELAY_PASSWORD });
  let stack: BenchStack;
  let portal: BenchPortalClient;
  let fleet: PanelFleet;
  let user: BenchUser;
  let hwaddr: string;

  /** Every line of every app with this correlation id: what one search of the logs finds. */
  const search = (correlationId: string) => lines.filter((line) => line.correlationId === correlationId);
  const found = (correlationId: string, app: BenchAppName, msg: string) =>
    search(correlationId).find((line) => line.app === app && line.msg === msg);

  beforeAll(async () => {
    await Promise.all([smtp.start(), relay.start()]);
    stack = new BenchStack(
      (text) => {
        const match = /^\[([a-z-]+)\] (\{.*\})$/.exec(text);
        if (!match) return;
        try {
          lines.push({ ...(JSON.parse(match[2]) as Record<string, unknown>), app: match[1] as BenchAppName });
        } catch {
          // Not a log line of the app's logger.
        }
      },
      {
        idPrefix: `logs_${randomBytes(2).toString('hex')}`,
        appEnv: { LOG_LEVEL: 'info' },
        logLineChars: 100_000,
        appArgs: (name) => ['--require', SOURCE_LOADER, join('apps', name, 'src', 'main.ts')],
      },
    );
    await stack.start({ smtpPort: smtp.port });
    portal = new BenchPortalClient(stack.portalPort, stack.databaseUrl);
    fleet = new PanelFleet(stack.panelPort, 1, 0xc7);
    await fleet.provision(portal.db);
    await fleet.connect();
    hwaddr = fleet.hwaddrs[0];
    user = await portal.registerUser('logs');
    await portal.claim(user, [hwaddr], true);
    const created = await portal.api<{ id: number }>('POST', '/relays/_new', user.session, {
      host: '127.0.0.1',
      port: relay.port,
      password: RELAY_PASSWORD,
      name: 'Logs relay',
    });
    await portal.api('POST', `/relays/${created.id}/actions`, user.session, {
      action: { hwaddr, on_fire: { ...NO_ACTION, relay_1: 1 }, on_fault: NO_ACTION },
    });
  }, 300_000);

  afterAll(async () => {
    await fleet?.stop();
    await portal?.close();
    await stack?.stop();
    await Promise.all([smtp.stop(), relay.stop()]);
  });

  it("finds a command in portal-api and the gateway by its request's correlation id, with its user, panel and network", async () => {
    const correlationId = `support-${randomBytes(4).toString('hex')}`;
    const claims = await portal.claimsToken(user);
    const response = await fetch(`http://127.0.0.1:${stack.portalPort}/api/v2/sites/${hwaddr}/panel/1/clock`, {
      method: 'POST',
      headers: { authorization: `Bearer ${claims}`, 'x-correlation-id': correlationId },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-correlation-id')).toBe(correlationId);

    await waitUntil(
      () =>
        found(correlationId, 'portal-api', 'panel command answered') &&
        found(correlationId, 'portal-api', 'request completed') &&
        found(correlationId, 'panel-gateway', 'panel command answered'),
      'the command and its request in the logs of portal-api, the command in those of the gateway',
      30_000,
    );
    const about = { correlationId, hwaddr, networkId: 1, userId: user.id, kind: 'syncClock', outcome: 'ok' };
    expect(found(correlationId, 'portal-api', 'panel command answered')).toMatchObject(about);
    expect(found(correlationId, 'panel-gateway', 'panel command answered')).toMatchObject(about);
    // Its request's line too, and nothing of it in the other apps.
    expect(found(correlationId, 'portal-api', 'request completed')).toMatchObject({ res: { statusCode: 200 } });
    const apps = new Set(search(correlationId).map((line) => line.app));
    expect([...apps].sort()).toEqual(['panel-gateway', 'portal-api']);
  });

  it("finds a fire's storage, relay run and mail by the event's correlation id", async () => {
    const switchesBefore = relay.switches.length;
    fleet.send('fire', `LogsFire${randomBytes(3).toString('hex')}`, 0);
    const stored = await waitUntil(
      () => lines.find((line) => line.app === 'portal-api' && line.hwaddr === hwaddr && line.category === 'fire'),
      'the fire stored',
      30_000,
    );
    const correlationId = eventCorrelationId(hwaddr, stored.seq as number);
    expect(stored).toMatchObject({ msg: 'event stored and sent live', correlationId, networkId: 1 });

    await waitUntil(
      () => found(correlationId, 'relay-worker', 'relay run succeeded') && found(correlationId, 'mailer', 'mail sent'),
      'the relay run and the mail in the logs',
      60_000,
    );
    expect(relay.switches.length).toBeGreaterThan(switchesBefore);
    expect(found(correlationId, 'relay-worker', 'relay run succeeded')).toMatchObject({
      hwaddr,
      seq: stored.seq,
      relayId: expect.any(Number),
      relayActionId: expect.any(Number),
      jobId: expect.any(String),
    });
    expect(found(correlationId, 'mailer', 'mail sent')).toMatchObject({
      hwaddr,
      seq: stored.seq,
      userId: user.id,
      kind: 'event-alert',
      jobId: expect.any(String),
    });
    // Where each took it from: the alert consumers of both apps name it too.
    expect(found(correlationId, 'relay-worker', 'relay jobs queued')).toBeDefined();
    expect(found(correlationId, 'mailer', 'alert mails queued')).toBeDefined();
  });
});
