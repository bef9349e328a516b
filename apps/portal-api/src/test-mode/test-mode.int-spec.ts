import { randomBytes } from 'node:crypto';
import request from 'supertest';
import {
  formatEventTime,
  TEST_MODE_MESSAGES,
  type CommandAuditEntry,
  type NotificationDto,
  type SiteDetail,
  type SiteSummary,
} from '@app/contracts';
import { AlarmTestMarkEntity, ClaimEntity, SiteTestModeEntity } from '@app/database';
import { waitUntil } from '@app/testing';
import { claimsTokenOf, registerUniqueUser, type TestUser } from '../e2e/portal-panel-harness';
import { LivefeedTestClient } from '../livefeed/testing/livefeed-test-client';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';
import { ALARM_TEST_MARK_RETENTION_MS, TestModeSweep } from './test-mode-sweep.service';

jest.setTimeout(60_000);

interface TestSite {
  hwaddr: string;
  /** Starts test mode. */
  ann: TestUser;
  annToken: string;
  /** Another user of the site. */
  bob: TestUser;
  bobToken: string;
}

/**
 * Test mode through the API (real PostgreSQL, NATS and Redis, two portal-api copies): who may start
 * and end it, what is refused, what the site's screens, its live feed, its audit log and its other
 * users' notifications show, and its end by itself, once, whichever copy sweeps first.
 */
describe('test mode through the API', () => {
  let portal: PortalApiTestApp;
  let second: PortalApiTestApp;
  const clients: LivefeedTestClient[] = [];

  beforeAll(async () => {
    portal = await startPortalApiTestApp({ TEST_MODE_SWEEP_INTERVAL_MS: '100' }, { listen: true });
    second = await startPortalApiTestApp({ TEST_MODE_SWEEP_INTERVAL_MS: '100' }, { environment: portal.environment });
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await second?.close();
    await portal?.close();
  });

  const db = () => portal.environment.database.dataSource;

  async function claim(user: TestUser, hwaddr: string, status: ClaimEntity['status'] = 'AUTHED'): Promise<void> {
    await db().getRepository(ClaimEntity).insert({ userId: user.id, hwaddr, adminKey: '1234', status });
  }

  /** A site of its own with two users of AUTHED claims. */
  async function newSite(): Promise<TestSite> {
    const hwaddr = randomBytes(6).toString('hex');
    const ann = await registerUniqueUser(portal, 'Ann');
    const bob = await registerUniqueUser(portal, 'Bob');
    await claim(ann, hwaddr);
    await claim(bob, hwaddr);
    return { hwaddr, ann, bob, annToken: await claimsTokenOf(portal, ann), bobToken: await claimsTokenOf(portal, bob) };
  }

  const start = (token: string, hwaddr: string, body: unknown) =>
    request(portal.server)
      .post(`/api/v2/sites/${hwaddr}/test-mode`)
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);
  const end = (token: string, hwaddr: string) =>
    request(portal.server).delete(`/api/v2/sites/${hwaddr}/test-mode`).set('Authorization', `Bearer ${token}`);
  const get = async <T>(token: string, path: string): Promise<T> =>
    (await request(portal.server).get(path).set('Authorization', `Bearer ${token}`).expect(200)).body as T;
  const tile = async (token: string, hwaddr: string) =>
    (await get<SiteSummary[]>(token, '/api/v2/sites')).find((site) => site.hwaddr === hwaddr)!;
  const notifications = async (token: string, hwaddr: string) =>
    (await get<NotificationDto[]>(token, '/api/notifications/list')).filter((entry) => entry.hwaddr === hwaddr);
  const audit = (token: string, hwaddr: string) => get<CommandAuditEntry[]>(token, `/api/v2/sites/${hwaddr}/audit`);

  /** A socket of the user's, listening to the site (its first Heartbeat came). */
  async function liveSocket(token: string): Promise<LivefeedTestClient> {
    const client = await LivefeedTestClient.connect(portal.port!);
    clients.push(client);
    await client.waitFor((message) => message.type === 'INIT', 'INIT');
    client.sendToken(token);
    await client.waitFor((message) => message.type === 'Heartbeat', 'the first Heartbeat');
    return client;
  }
  const testModeMessages = (client: LivefeedTestClient, hwaddr: string) =>
    client.of('TestMode').filter((message) => message.data.hwaddr === hwaddr);

  it('starts for the time asked with its reason, shown on the site, live, in the audit log and to the other users', async () => {
    const site = await newSite();
    const socket = await liveSocket(site.bobToken);
    expect((await tile(site.annToken, site.hwaddr)).testMode).toBeNull();

    const before = Date.now();
    const started = await start(site.annToken, site.hwaddr, { minutes: 90, reason: '  Detector tests, zones 1-4 ' });
    expect(started.status).toBe(200);
    const testMode = started.body as NonNullable<SiteSummary['testMode']>;
    expect(testMode).toEqual({
      startedBy: site.ann.name,
      startedAt: expect.any(String),
      until: expect.any(String),
      reason: 'Detector tests, zones 1-4',
    });
    expect(Date.parse(testMode.startedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(testMode.until) - Date.parse(testMode.startedAt)).toBe(90 * 60_000);

    for (const token of [site.annToken, site.bobToken]) {
      expect((await tile(token, site.hwaddr)).testMode).toEqual(testMode);
      expect((await get<SiteDetail>(token, `/api/v2/sites/${site.hwaddr}`)).testMode).toEqual(testMode);
    }
    const [told] = await waitUntil(
      () => (testModeMessages(socket, site.hwaddr).length > 0 ? testModeMessages(socket, site.hwaddr) : undefined),
      'the TestMode live message',
    );
    expect(told.data).toEqual({ hwaddr: site.hwaddr, testMode });
    expect(told.seq).toEqual(expect.any(Number));

    const [entry] = await audit(site.annToken, site.hwaddr);
    expect(entry).toMatchObject({
      userName: site.ann.name,
      networkId: 0,
      kind: 'test-mode-start',
      label: 'Test mode started',
      outcome: 'ok',
      command: { kind: 'test-mode-start', minutes: 90, reason: 'Detector tests, zones 1-4', until: testMode.until },
    });

    // Bob is told; Ann, who started it, is not.
    expect(await notifications(site.annToken, site.hwaddr)).toEqual([]);
    const [notice] = await notifications(site.bobToken, site.hwaddr);
    expect(notice).toMatchObject({ notification_type: 'TEST_MODE', title: 'Site in test mode', resolved_by: null });
    expect(notice.text).toBe(
      `${site.ann.name} started test mode: Detector tests, zones 1-4. Until ${formatEventTime(testMode.until)} (UTC), its events are marked as test and its relay actions and e-mails are not sent.`,
    );
    await waitUntil(
      () => socket.of('NotificationEvent').find((message) => message.data.notification.id === notice.id),
      "Bob's notification, live",
    );
    expect((await tile(site.bobToken, site.hwaddr)).unreadCount).toBe(1);
  });

  it('ends by hand by another user of the site: gone from the site, live, in the audit log, notifications resolved', async () => {
    const site = await newSite();
    await start(site.annToken, site.hwaddr, { minutes: 15, reason: 'Sounder check' }).expect(200);
    const socket = await liveSocket(site.annToken);

    await end(site.bobToken, site.hwaddr).expect(200, {});
    expect((await tile(site.annToken, site.hwaddr)).testMode).toBeNull();
    await waitUntil(
      () => testModeMessages(socket, site.hwaddr).find((message) => message.data.testMode === null),
      'the ended live message',
    );
    const [ended, started] = await audit(site.annToken, site.hwaddr);
    expect(started.kind).toBe('test-mode-start');
    expect(ended).toMatchObject({
      userName: site.bob.name,
      kind: 'test-mode-end',
      label: 'Test mode ended',
      outcome: 'ok',
      command: { kind: 'test-mode-end', reason: 'Sounder check', startedBy: site.ann.name, asPlanned: false },
    });
    const [notice] = await notifications(site.bobToken, site.hwaddr);
    expect(notice.resolved_by).toBe('System');
    expect(notice.text).toContain(`Ended by ${site.bob.name} at `);
    const stored = await db().getRepository(SiteTestModeEntity).findBy({ hwaddr: site.hwaddr });
    expect(stored).toEqual([expect.objectContaining({ endedBy: site.bob.id, endedByName: site.bob.name })]);

    // Ended: a second end is refused, and a new test mode may start.
    await end(site.bobToken, site.hwaddr).expect(409, { err: TEST_MODE_MESSAGES.notOn });
    await start(site.bobToken, site.hwaddr, { minutes: 480, reason: 'Again' }).expect(200);
  });

  it('refuses bad input, a second start and users without an AUTHED claim, naming what is wrong', async () => {
    const site = await newSite();
    const cases: Array<[unknown, string]> = [
      [{ minutes: 14, reason: 'x' }, 'minutes must be a whole number from 15 to 480'],
      [{ minutes: 481, reason: 'x' }, 'minutes must be a whole number from 15 to 480'],
      [{ minutes: 30.5, reason: 'x' }, 'minutes must be a whole number from 15 to 480'],
      [{ minutes: '30', reason: 'x' }, 'minutes must be a whole number from 15 to 480'],
      [{ reason: 'x' }, 'minutes is required'],
      [{ minutes: 30 }, 'reason is required'],
      [{ minutes: 30, reason: '' }, 'reason is required'],
      [{ minutes: 30, reason: '   ' }, 'reason is required'],
      [{ minutes: 30, reason: 'r'.repeat(201) }, 'reason must be at most 200 characters'],
      [{ minutes: 30, reason: 'x', until: '2030-01-01T00:00:00Z' }, 'until is not an accepted field'],
    ];
    for (const [body, err] of cases) await start(site.annToken, site.hwaddr, body).expect(400, { err });
    await end(site.annToken, site.hwaddr).expect(409, { err: TEST_MODE_MESSAGES.notOn });

    await start(site.annToken, site.hwaddr, { minutes: 30, reason: 'r'.repeat(200) }).expect(200);
    await start(site.bobToken, site.hwaddr, { minutes: 30, reason: 'Mine' }).expect(409, {
      err: TEST_MODE_MESSAGES.alreadyOn,
    });

    // A claim no longer AUTHED (and a site the token does not list) opens nothing.
    const waiting = await registerUniqueUser(portal, 'Wes');
    await claim(waiting, site.hwaddr, 'WAITING');
    const waitingToken = await claimsTokenOf(portal, waiting);
    await start(waitingToken, site.hwaddr, { minutes: 30, reason: 'x' }).expect(403, {
      err: 'You do not have access to this panel',
    });
    await end(waitingToken, site.hwaddr).expect(403);
    await db()
      .getRepository(ClaimEntity)
      .update({ userId: site.bob.id, hwaddr: site.hwaddr }, { status: 'UNAUTHORISED' });
    await end(site.bobToken, site.hwaddr).expect(403);
    await request(portal.server)
      .post(`/api/v2/sites/${site.hwaddr}/test-mode`)
      .send({ minutes: 30, reason: 'x' })
      .expect(401);
    expect(await db().getRepository(SiteTestModeEntity).countBy({ hwaddr: site.hwaddr })).toBe(1);
  });

  it('ends by itself when its time is up, once, whichever copy sweeps first, with no one looking', async () => {
    const site = await newSite();
    const started = (await start(site.annToken, site.hwaddr, { minutes: 15, reason: 'Detector heads' }).expect(200))
      .body as { until: string };
    const socket = await liveSocket(site.bobToken);
    // Its time is up: as if the 15 minutes had passed.
    const until = new Date(Date.now() - 1000);
    await db()
      .getRepository(SiteTestModeEntity)
      .update({ hwaddr: site.hwaddr }, { startedAt: new Date(until.getTime() - 15 * 60_000), until });
    expect(Date.parse(started.until)).toBeGreaterThan(until.getTime());

    const ended = await waitUntil(
      () => testModeMessages(socket, site.hwaddr).find((message) => message.data.testMode === null),
      'the ended live message',
    );
    expect(ended.data).toEqual({ hwaddr: site.hwaddr, testMode: null });
    const [row] = await db().getRepository(SiteTestModeEntity).findBy({ hwaddr: site.hwaddr });
    expect(row).toMatchObject({ endedAt: until, endedBy: null, endedByName: null });
    const entries = await audit(site.bobToken, site.hwaddr);
    expect(entries.map((entry) => entry.kind)).toEqual(['test-mode-end', 'test-mode-start']);
    expect(entries[0]).toMatchObject({
      userName: 'System',
      command: { asPlanned: true, endedAt: until.toISOString(), reason: 'Detector heads' },
    });
    const [notice] = await notifications(site.bobToken, site.hwaddr);
    expect(notice).toMatchObject({ resolved_by: 'System', resolved_on: until.toISOString() });
    expect(notice.text).toContain(`Ended at ${formatEventTime(until.toISOString())} (UTC), as planned.`);
    expect((await tile(site.bobToken, site.hwaddr)).testMode).toBeNull();
    // A pass of each copy since: still one end.
    await Promise.all([portal, second].map((copy) => copy.app.get(TestModeSweep).sweep()));
    expect((await audit(site.bobToken, site.hwaddr)).map((entry) => entry.kind)).toEqual([
      'test-mode-end',
      'test-mode-start',
    ]);
    expect(testModeMessages(socket, site.hwaddr).filter((message) => message.data.testMode === null)).toHaveLength(1);
  });

  // Last: it moves the first copy's clock an hour on.
  it("forgets alarms' test decisions past their retention, once an hour", async () => {
    const hwaddr = randomBytes(6).toString('hex');
    const marks = db().getRepository(AlarmTestMarkEntity);
    const decidedAt = (ageMs: number) => new Date(portal.clock.now().getTime() - ageMs);
    await marks.insert([
      { hwaddr, eventSeq: 1, testModeId: null, decidedAt: decidedAt(ALARM_TEST_MARK_RETENTION_MS + 60_000) },
      { hwaddr, eventSeq: 2, testModeId: null, decidedAt: decidedAt(ALARM_TEST_MARK_RETENTION_MS - 24 * 3600_000) },
    ]);
    // Each copy forgot the old decisions as it started; its next time is an hour on.
    portal.clock.advance(3600);
    await waitUntil(async () => !(await marks.existsBy({ hwaddr, eventSeq: 1 })), 'the old decision forgotten');
    expect((await marks.findBy({ hwaddr })).map((mark) => mark.eventSeq)).toEqual([2]);
  });
});
