import request from 'supertest';
import {
  ALARM_CLEAR_REASONS,
  DEFAULT_ESCALATION_POLICY,
  ESCALATION_MESSAGES,
  ESCALATION_STOP_REASONS,
  ALARM_MESSAGES,
  ALARM_NOTE_MAX_LENGTH,
  COMMUNICATION_LOST_ALARM_TITLE,
  type SiteEscalationPolicy,
  type AlarmDetailDto,
  type AlarmDto,
  type AlarmsListResponse,
  type CommandAuditEntry,
} from '@app/contracts';
import { AlarmEscalationEntity, PanelOutageEntity } from '@app/database';
import { waitUntil } from '@app/testing';
import type { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import {
  authorisedSite,
  claimPanel,
  claimsTokenOf,
  registerUniqueUser,
  startPortalWithPanels,
  type PortalWithPanels,
  type TestUser,
} from '../e2e/portal-panel-harness';
import { LivefeedTestClient } from '../livefeed/testing/livefeed-test-client';
import { PanelEventsIngest } from '../ingest/panel-events.ingest';

jest.setTimeout(60_000);

/** The supervision's delay before a lost connection is reported: passed by moving portal-api's clock. */
const OFFLINE_DELAY_S = 60;

interface AlarmSite {
  panel: SimulatedPanel;
  hwaddr: string;
  ann: TestUser;
  annToken: string;
  /** Another user of the site. */
  bobToken: string;
}

/**
 * Alarms people handle (docs/alarms.md) on the real stack: a gateway, simulated panels, PostgreSQL,
 * NATS and Redis. What opens, joins and clears them, the list across sites, acknowledgement with
 * its timeline and audit row, the live Alarm message, and what is refused.
 */
describe('alarms (real PostgreSQL, NATS, gateway and simulated panels)', () => {
  let world: PortalWithPanels;
  const clients: LivefeedTestClient[] = [];

  beforeAll(async () => {
    world = await startPortalWithPanels({ PANEL_OFFLINE_ALERT_DELAY_S: String(OFFLINE_DELAY_S) });
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await world?.close();
  });

  async function alarmSite(): Promise<AlarmSite> {
    const ann = await registerUniqueUser(world.portal, 'Ann');
    const bob = await registerUniqueUser(world.portal, 'Bob');
    const panel = await authorisedSite(world, ann, { nickname: 'Depot' });
    await claimPanel(world.portal, bob, panel.hwaddr, '1234');
    return {
      panel,
      hwaddr: panel.hwaddr,
      ann,
      annToken: await claimsTokenOf(world.portal, ann),
      bobToken: await claimsTokenOf(world.portal, bob),
    };
  }

  const get = (token: string, path: string) =>
    request(world.portal.server).get(path).set('Authorization', `Bearer ${token}`);
  const acknowledge = (token: string, id: number | string, body: unknown = {}) =>
    request(world.portal.server)
      .post(`/api/v2/alarms/${id}/acknowledge`)
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);
  const listed = async (token: string, hwaddr?: string): Promise<AlarmDto[]> => {
    const { alarms } = (await get(token, '/api/v2/alarms').expect(200)).body as AlarmsListResponse;
    return hwaddr ? alarms.filter((alarm) => alarm.hwaddr === hwaddr) : alarms;
  };
  const waitForAlarms = (token: string, hwaddr: string, what: string, holds: (alarms: AlarmDto[]) => boolean) =>
    waitUntil(
      async () => {
        const alarms = await listed(token, hwaddr);
        return holds(alarms) ? alarms : undefined;
      },
      what,
      30_000,
    );

  /** A socket of the user's, listening to its sites (its first Heartbeat came). */
  async function liveSocket(token: string): Promise<LivefeedTestClient> {
    const client = await LivefeedTestClient.connect(world.portal.port!);
    clients.push(client);
    await client.waitFor((message) => message.type === 'INIT', 'INIT');
    client.sendToken(token);
    await client.waitFor((message) => message.type === 'Heartbeat', 'the first Heartbeat');
    return client;
  }

  it('opens a fire alarm, joins the next fire to it, clears it on reset, and keeps it listed until acknowledged', async () => {
    const site = await alarmSite();
    const socket = await liveSocket(site.bobToken);
    site.panel.report(site.panel.model.setZone(1, 2, 'fire'));

    const [opened] = await waitForAlarms(site.annToken, site.hwaddr, 'the fire alarm', (alarms) => alarms.length === 1);
    expect(opened).toEqual({
      id: expect.any(Number),
      hwaddr: site.hwaddr,
      kind: 'fire',
      networkId: 1,
      title: 'Fire alarm',
      location: expect.stringMatching(/^Zone 3: /),
      openedAt: expect.any(String),
      lastEventAt: opened.openedAt,
      events: 1,
      acknowledgement: null,
      clearedAt: null,
      clearReason: null,
    });
    // Every user of the site sees it, and every browser of the site is told.
    expect(await listed(site.bobToken, site.hwaddr)).toEqual([opened]);
    await socket.waitFor(
      (message) => message.type === 'Alarm' && message.data.alarm.id === opened.id,
      'the Alarm live message',
    );

    site.panel.report(site.panel.model.setZone(1, 4, 'fire'));
    const [joined] = await waitForAlarms(site.annToken, site.hwaddr, 'the second fire joined', (alarms) =>
      alarms.every((alarm) => alarm.events === 2),
    );
    expect(joined).toMatchObject({ id: opened.id, events: 2, clearedAt: null });

    await request(world.portal.server)
      .post(`/api/v2/sites/${site.hwaddr}/panel/1/buttons`)
      .set('Authorization', `Bearer ${site.annToken}`)
      .send({ action: 'RESET', data: 'NA' })
      .expect(200);
    const [cleared] = await waitForAlarms(site.annToken, site.hwaddr, 'the alarm cleared by the reset', (alarms) =>
      alarms.every((alarm) => alarm.clearedAt !== null),
    );
    // Cleared, and still waiting for someone.
    expect(cleared).toMatchObject({ id: opened.id, clearReason: ALARM_CLEAR_REASONS.fire, acknowledgement: null });

    const before = Date.now();
    const acknowledged = await acknowledge(site.annToken, opened.id, { note: '  Burnt toast in zone 3 ' }).expect(200);
    const body = acknowledged.body as AlarmDto;
    expect(body.acknowledgement).toEqual({ by: site.ann.name, at: expect.any(String), note: 'Burnt toast in zone 3' });
    expect(Date.parse(body.acknowledgement!.at)).toBeGreaterThanOrEqual(before - 1000);
    await socket.waitFor(
      (message) => message.type === 'Alarm' && message.data.alarm.acknowledgement !== null,
      'the acknowledgement told live',
    );
    // Once only, whoever tries again.
    expect((await acknowledge(site.bobToken, opened.id).expect(409)).body).toEqual({
      err: ALARM_MESSAGES.alreadyAcknowledged,
    });

    const detail = (await get(site.bobToken, `/api/v2/alarms/${opened.id}`).expect(200)).body as AlarmDetailDto;
    expect(detail.timeline.map(({ change, by, text }) => ({ change, by, text }))).toEqual([
      { change: 'opened', by: null, text: `Fire alarm (${opened.location})` },
      { change: 'event', by: null, text: expect.stringMatching(/^Fire alarm \(Zone 5: /) },
      { change: 'cleared', by: null, text: ALARM_CLEAR_REASONS.fire },
      { change: 'acknowledged', by: site.ann.name, text: 'Burnt toast in zone 3' },
      // Acknowledged within 5 minutes: the escalation's step 2 stops.
      {
        change: 'escalation-stopped',
        by: null,
        text: `Step 2 not sent: ${ESCALATION_STOP_REASONS.acknowledged(site.ann.name)}`,
      },
    ]);
    const audit = (await get(site.annToken, `/api/v2/sites/${site.hwaddr}/audit`).expect(200))
      .body as CommandAuditEntry[];
    expect(audit.find((entry) => entry.kind === 'alarm-acknowledge')).toMatchObject({
      label: 'Alarm acknowledged',
      userName: site.ann.name,
      networkId: 1,
      outcome: 'ok',
    });
    // Handled: still listed, after those that need someone.
    expect(await listed(site.annToken, site.hwaddr)).toEqual([detail].map(({ timeline: _, ...alarm }) => alarm));
  });

  it('lists the unacknowledged first and fire first across the sites, and nothing of sites the user cannot open', async () => {
    const ann = await registerUniqueUser(world.portal, 'Ann');
    const faulty = await authorisedSite(world, ann);
    const burning = await authorisedSite(world, ann);
    faulty.report(faulty.model.setZone(2, 1, 'fault'));
    await waitUntil(
      async () => (await listed(await claimsTokenOf(world.portal, ann))).length === 1,
      'the fault',
      30_000,
    );
    burning.report(burning.model.setZone(1, 0, 'fire'));
    const token = await claimsTokenOf(world.portal, ann);
    const alarms = await waitUntil(
      async () => {
        const all = await listed(token);
        return all.length === 2 ? all : undefined;
      },
      'the fire and the fault',
      30_000,
    );
    expect(alarms.map((alarm) => [alarm.hwaddr, alarm.kind, alarm.networkId])).toEqual([
      [burning.hwaddr, 'fire', 1],
      [faulty.hwaddr, 'fault', 2],
    ]);

    // Someone without access to the site: not listed, and its ids tell nothing.
    const eve = await registerUniqueUser(world.portal, 'Eve');
    const eveToken = await claimsTokenOf(world.portal, eve);
    expect(await listed(eveToken)).toEqual([]);
    expect((await get(eveToken, `/api/v2/alarms/${alarms[0].id}`).expect(404)).body).toEqual({
      err: ALARM_MESSAGES.notFound,
    });
    expect((await acknowledge(eveToken, alarms[0].id).expect(404)).body).toEqual({ err: ALARM_MESSAGES.notFound });
    expect((await listed(token))[0].acknowledgement).toBeNull();
  });

  it('refuses a bad id or note with a 400 and changes nothing', async () => {
    const site = await alarmSite();
    site.panel.report(site.panel.model.setZone(1, 1, 'fault'));
    const [alarm] = await waitForAlarms(site.annToken, site.hwaddr, 'the fault', (alarms) => alarms.length === 1);
    for (const [id, body] of [
      ['abc', {}],
      ['0', {}],
      [String(alarm.id), { note: 'x'.repeat(ALARM_NOTE_MAX_LENGTH + 1) }],
      [String(alarm.id), { note: 42 }],
      [String(alarm.id), { note: 'ok', extra: true }],
    ] as const) {
      const response = await acknowledge(site.annToken, id, body);
      expect({ id, status: response.status, err: typeof response.body.err }).toEqual({
        id,
        status: 400,
        err: 'string',
      });
    }
    expect((await listed(site.annToken, site.hwaddr))[0].acknowledgement).toBeNull();
    expect((await get(site.annToken, '/api/v2/alarms/1').set('Authorization', 'Bearer nonsense')).status).toBe(401);
  });

  it('opens nothing for a fire while its site is in test mode', async () => {
    const site = await alarmSite();
    const testMode = `/api/v2/sites/${site.hwaddr}/test-mode`;
    await request(world.portal.server)
      .post(testMode)
      .set('Authorization', `Bearer ${site.annToken}`)
      .send({ minutes: 15, reason: 'Detector tests' })
      .expect(200);
    site.panel.report(site.panel.model.setZone(1, 1, 'fire'));
    await waitUntil(
      async () =>
        ((await get(site.annToken, `/api/v2/sites/${site.hwaddr}/events`).expect(200)).body as { total: number })
          .total > 0,
      'the test fire stored',
      30_000,
    );
    await request(world.portal.server).delete(testMode).set('Authorization', `Bearer ${site.annToken}`).expect(200);
    // The fires of one category are handled in order: once the next one's alarm is there, the test one was passed over.
    site.panel.report(site.panel.model.setZone(1, 3, 'fire'));
    const [alarm] = await waitForAlarms(
      site.annToken,
      site.hwaddr,
      'the alarm of the fire after the test mode',
      (alarms) => alarms.length > 0,
    );
    expect(alarm).toMatchObject({ kind: 'fire', events: 1, location: expect.stringMatching(/^Zone 4: /) });
  });

  it("opens the alarms of the events consumer's batches, each event once however often it is delivered", async () => {
    const site = await alarmSite();
    const ingest = world.portal.app.get(PanelEventsIngest);
    const fire = {
      hwaddr: site.hwaddr,
      networkId: 2,
      seq: 900_001,
      category: 'fire' as const,
      title: 'Fire alarm',
      date: new Date(),
      location: 'N/A',
      receivedAt: new Date(),
    };
    await ingest.storeBatch([fire]);
    // Redelivered, alone and with the next fire of the network: it is counted once.
    await ingest.storeBatch([fire]);
    await ingest.storeBatch([fire, { ...fire, seq: 900_002, location: 'Zone 7: Loading bay' }]);
    const [alarm] = await listed(site.annToken, site.hwaddr);
    expect(alarm).toMatchObject({ kind: 'fire', networkId: 2, events: 2, location: '' });
    const detail = (await get(site.annToken, `/api/v2/alarms/${alarm.id}`).expect(200)).body as AlarmDetailDto;
    expect(detail.timeline.map(({ change, text }) => [change, text])).toEqual([
      ['opened', 'Fire alarm'],
      ['event', 'Fire alarm (Zone 7: Loading bay)'],
    ]);
  });

  it("opens a communication alarm when the panel's loss is reported, and clears it when the panel is back", async () => {
    const site = await alarmSite();
    const outages = () =>
      world.portal.environment.database.dataSource.getRepository(PanelOutageEntity).findBy({ hwaddr: site.hwaddr });
    await site.panel.stop();
    await waitUntil(async () => (await outages()).length === 1, 'the loss recorded', 30_000);
    world.portal.clock.advance(OFFLINE_DELAY_S + 1);
    const [lost] = await waitForAlarms(site.annToken, site.hwaddr, 'the communication alarm', (alarms) =>
      alarms.some((alarm) => alarm.kind === 'communication'),
    );
    const [outage] = await outages();
    expect(lost).toMatchObject({
      kind: 'communication',
      networkId: null,
      title: COMMUNICATION_LOST_ALARM_TITLE,
      openedAt: outage.lostAt.toISOString(),
      clearedAt: null,
    });

    site.panel.start();
    const [back] = await waitForAlarms(site.bobToken, site.hwaddr, 'the communication alarm cleared', (alarms) =>
      alarms.every((alarm) => alarm.clearedAt !== null),
    );
    expect(back).toMatchObject({ id: lost.id, clearReason: ALARM_CLEAR_REASONS.communication, acknowledgement: null });
  });

  it("sets a site's later escalation steps, which the alarms that open from then on owe", async () => {
    const site = await alarmSite();
    const path = `/api/v2/sites/${site.hwaddr}/escalation`;
    const put = (token: string, body: unknown) =>
      request(world.portal.server)
        .put(path)
        .set('Authorization', `Bearer ${token}`)
        .send(body as object);
    expect((await get(site.annToken, path).expect(200)).body).toEqual({
      steps: DEFAULT_ESCALATION_POLICY,
      isDefault: true,
      updatedBy: null,
      updatedAt: null,
    });

    // Refused with why, and nothing changed.
    for (const [steps, err] of [
      [
        [
          { afterMinutes: 10, audience: 'everyone' },
          { afterMinutes: 10, audience: 'opted-in' },
        ],
        ESCALATION_MESSAGES.order,
      ],
      [[{ afterMinutes: 0, audience: 'everyone' }], ESCALATION_MESSAGES.minutes],
      [[{ afterMinutes: 5, audience: 'nobody' }], ESCALATION_MESSAGES.audience],
      [
        Array.from({ length: 6 }, (_, index) => ({ afterMinutes: index + 1, audience: 'everyone' })),
        ESCALATION_MESSAGES.tooManySteps,
      ],
    ] as const)
      expect((await put(site.annToken, { steps }).expect(400)).body).toEqual({ err });
    await put(site.annToken, { steps: [{ afterMinutes: 5, audience: 'everyone', extra: 1 }] }).expect(400);
    await put(site.annToken, {}).expect(400);
    const stranger = await registerUniqueUser(world.portal, 'Stranger');
    await put(await claimsTokenOf(world.portal, stranger), { steps: [] }).expect(403);
    expect(((await get(site.annToken, path).expect(200)).body as SiteEscalationPolicy).isDefault).toBe(true);

    const saved = (
      await put(site.annToken, {
        // A step that names no channels is e-mail and push, as steps were before they named them.
        steps: [
          { afterMinutes: 2, audience: 'opted-in' },
          { afterMinutes: 10, audience: 'everyone', channels: ['webhook', 'push'] },
        ],
      }).expect(200)
    ).body as SiteEscalationPolicy;
    expect(saved).toEqual({
      steps: [
        DEFAULT_ESCALATION_POLICY[0],
        { step: 2, afterMinutes: 2, audience: 'opted-in', people: [], channels: ['email', 'push'] },
        { step: 3, afterMinutes: 10, audience: 'everyone', people: [], channels: ['push', 'webhook'] },
      ],
      isDefault: false,
      updatedBy: site.ann.name,
      updatedAt: expect.any(String),
    });
    expect((await get(site.bobToken, path).expect(200)).body).toEqual(saved);

    site.panel.report(site.panel.model.setZone(1, 1, 'fire'));
    const [alarm] = await waitForAlarms(site.annToken, site.hwaddr, 'the fire alarm', (alarms) => alarms.length === 1);
    const steps = await world.portal.environment.database.dataSource
      .getRepository(AlarmEscalationEntity)
      .find({ where: { alarmId: alarm.id }, order: { step: 'ASC' } });
    expect(steps.map((step) => [step.step, step.afterMinutes, step.audience, step.channels, step.status])).toEqual([
      [2, 2, 'opted-in', ['email', 'push'], 'owed'],
      [3, 10, 'everyone', ['push', 'webhook'], 'owed'],
    ]);
    expect(steps[1].dueAt.getTime() - Date.parse(alarm.openedAt)).toBe(10 * 60_000);
  });
});
