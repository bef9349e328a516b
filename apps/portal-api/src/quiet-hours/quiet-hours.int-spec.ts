import request from 'supertest';
import { QUIET_HOURS_MESSAGES, type QuietHours } from '@app/contracts';
import { ClaimEntity } from '@app/database';
import { AlertRecipients } from '../../../mailer/src/alerts/alert-recipients.repository';
import { PushDevices } from '../../../mailer/src/push/push-devices.repository';
import { registerUniqueUser, uniqueHwaddr, type TestUser } from '../e2e/portal-panel-harness';
import { PanelOutagesRepository } from '../supervision/panel-outages.repository';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';

jest.setTimeout(60_000);

/** 'HH:MM' in UTC, `minutes` from now. */
function utcTime(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 16);
}

/**
 * Quiet hours (docs/alarms.md) against the real PostgreSQL: set and refused through the API, and
 * honoured by the queries that choose who a fault or a communication loss is told to (the mailer's
 * alert recipients and push devices, portal-api's outage mails): a user in theirs is left out, one
 * outside them is not, and a fire's recipients are chosen without them.
 */
describe('quiet hours (real PostgreSQL)', () => {
  let portal: PortalApiTestApp;
  let ann: TestUser;
  let bob: TestUser;
  const site = uniqueHwaddr();

  const put = (user: TestUser, body: unknown) =>
    request(portal.server)
      .put('/api/v2/account/quiet-hours')
      .set('Authorization', `Bearer ${user.session}`)
      .send(body as object);

  beforeAll(async () => {
    portal = await startPortalApiTestApp({}, { listen: true });
    ann = await registerUniqueUser(portal, 'Ann');
    bob = await registerUniqueUser(portal, 'Bob');
    const claims = portal.environment.database.dataSource.getRepository(ClaimEntity);
    for (const user of [ann, bob])
      await claims.save({ userId: user.id, hwaddr: site, adminKey: '1234', status: 'AUTHED', emailEvents: true });
    await portal.environment.database.dataSource.query(
      `INSERT INTO push_devices (user_id, endpoint, p256dh, auth, name) VALUES ($1, $2, 'k', 'a', 'Phone'), ($3, $4, 'k', 'a', 'Phone')`,
      [ann.id, `https://push.example.com/${ann.id}`, bob.id, `https://push.example.com/${bob.id}`],
    );
  });

  afterAll(() => portal?.close());

  /** Who each query would tell of a fault (quiet hours honoured) and of a fire (not). */
  async function told(): Promise<Record<string, string[]>> {
    const recipients = new AlertRecipients(portal.environment.database.dataSource);
    const devices = new PushDevices(portal.environment.database.dataSource);
    const names = (ids: string[]) => ids.map((id) => (id === ann.id ? 'Ann' : 'Bob')).sort();
    return {
      faultMail: names((await recipients.ofSite(site, undefined, undefined, true)).map((user) => user.userId)),
      faultPush: names((await devices.ofSite(site, true)).map((device) => device.userId)),
      outageMail: names(await portal.app.get(PanelOutagesRepository).mailRecipients(site)),
      outagePush: names(
        (await portal.app.get(PanelOutagesRepository).pushDevices(site)).map((device) => device.userId),
      ),
      fireMail: names((await recipients.ofSite(site)).map((user) => user.userId)),
      firePush: names((await devices.ofSite(site)).map((device) => device.userId)),
    };
  }

  it('leaves a user in their quiet hours out of a fault and a communication loss, never out of a fire', async () => {
    const now: QuietHours = { from: utcTime(-60), to: utcTime(60), timeZone: 'UTC' };
    expect((await put(ann, { quietHours: now }).expect(200)).body).toEqual({ quietHours: now });
    expect(
      (
        await request(portal.server)
          .get('/api/v2/account/quiet-hours')
          .set('Authorization', `Bearer ${ann.session}`)
          .expect(200)
      ).body,
    ).toEqual({ quietHours: now });
    expect(await told()).toEqual({
      faultMail: ['Bob'],
      faultPush: ['Bob'],
      outageMail: ['Bob'],
      outagePush: ['Bob'],
      fireMail: ['Ann', 'Bob'],
      firePush: ['Ann', 'Bob'],
    });

    // A span across midnight that holds now, in another zone: still quiet.
    const berlinNow = new Date().toLocaleTimeString('en-GB', { timeZone: 'Europe/Berlin', hour12: false }).slice(0, 5);
    const [hour] = berlinNow.split(':').map(Number);
    const acrossMidnight = {
      from: `${String((hour + 1) % 24).padStart(2, '0')}:00`,
      to: `${String(hour).padStart(2, '0')}:59`,
      timeZone: 'Europe/Berlin',
    };
    await put(ann, { quietHours: acrossMidnight }).expect(200);
    expect((await told()).faultMail).toEqual(['Bob']);

    // Outside them, or none: told as ever.
    await put(ann, { quietHours: { from: utcTime(60), to: utcTime(120), timeZone: 'UTC' } }).expect(200);
    expect((await told()).faultMail).toEqual(['Ann', 'Bob']);
    await put(ann, { quietHours: null }).expect(200);
    expect((await told()).faultPush).toEqual(['Ann', 'Bob']);
  });

  it('refuses quiet hours it could not honour, and changes nothing', async () => {
    await put(bob, { quietHours: { from: '22:00', to: '07:00', timeZone: 'Europe/Berlin' } }).expect(200);
    for (const [quietHours, err] of [
      [{ from: '25:00', to: '07:00', timeZone: 'UTC' }, QUIET_HOURS_MESSAGES.time],
      [{ from: '7:00', to: '08:00', timeZone: 'UTC' }, QUIET_HOURS_MESSAGES.time],
      [{ from: '07:00', to: '07:00', timeZone: 'UTC' }, QUIET_HOURS_MESSAGES.same],
      [{ from: '22:00', to: '07:00', timeZone: 'Mars/Olympus' }, QUIET_HOURS_MESSAGES.timeZone],
    ] as const)
      expect((await put(bob, { quietHours }).expect(400)).body).toEqual({ err });
    await put(bob, { quietHours: { from: '22:00', to: '07:00' } }).expect(400);
    await put(bob, { quietHours: { from: '22:00', to: '07:00', timeZone: 'UTC', extra: 1 } }).expect(400);
    await put(bob, { quietHours: 'always' }).expect(400);
    expect(
      (
        await request(portal.server)
          .get('/api/v2/account/quiet-hours')
          .set('Authorization', `Bearer ${bob.session}`)
          .expect(200)
      ).body,
    ).toEqual({ quietHours: { from: '22:00', to: '07:00', timeZone: 'Europe/Berlin' } });
  });
});
