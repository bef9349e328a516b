import request from 'supertest';
import type { SiteAlarms, SiteDetail, SiteSummary } from '@app/contracts';
import { waitUntil } from '@app/testing';
import {
  authorisedSite,
  claimsTokenOf,
  registerUniqueUser,
  startPortalWithPanels,
  waitForConnection,
  type PortalWithPanels,
} from '../e2e/portal-panel-harness';

/**
 * GET /api/v2/sites carries each site's alarms, read from the gateways' runtime reports, so that
 * the Site Manager knows which sites are in fire or in fault without opening them.
 */
describe("the site list's alarms (real PostgreSQL, NATS, gateway and simulated panels)", () => {
  let world: PortalWithPanels;

  beforeAll(async () => {
    world = await startPortalWithPanels();
  });

  afterAll(() => world?.close());

  const get = async <T>(path: string, token: string) =>
    (await request(world.portal.server).get(path).set('Authorization', `Bearer ${token}`).expect(200)).body as T;
  const alarmsOf = async (token: string, hwaddr: string) =>
    (await get<SiteSummary[]>('/api/v2/sites', token)).find((site) => site.hwaddr === hwaddr)?.alarms;
  const waitForAlarms = (token: string, hwaddr: string, expected: SiteAlarms, what: string) =>
    waitUntil(async () => JSON.stringify(await alarmsOf(token, hwaddr)) === JSON.stringify(expected), what, 30_000);

  it("counts each network's zones in fire and in fault, and follows them as they clear", async () => {
    const alice = await registerUniqueUser(world.portal, 'Alice');
    const panel = await authorisedSite(world, alice);
    const token = await claimsTokenOf(world.portal, alice);
    const calm = { fireZones: 0, faultZones: 0 };
    await waitForAlarms(token, panel.hwaddr, { '1': calm, '2': calm }, 'both networks reported calm');

    panel.report(panel.model.setZone(1, 2, 'fire'));
    panel.report(panel.model.setZone(1, 4, 'fire'));
    panel.report(panel.model.setZone(2, 1, 'fault'));
    await waitForAlarms(
      token,
      panel.hwaddr,
      { '1': { fireZones: 2, faultZones: 0 }, '2': { fireZones: 0, faultZones: 1 } },
      'two zones in fire on network 1, one in fault on network 2',
    );
    // The site screen counts its own runtime reports alike.
    expect((await get<SiteDetail>(`/api/v2/sites/${panel.hwaddr}`, token)).alarms).toEqual({
      '1': { fireZones: 2, faultZones: 0 },
      '2': { fireZones: 0, faultZones: 1 },
    });

    panel.report(panel.model.setZone(1, 2, 'normal'));
    panel.report(panel.model.setZone(1, 4, 'normal'));
    await waitForAlarms(
      token,
      panel.hwaddr,
      { '1': calm, '2': { fireZones: 0, faultZones: 1 } },
      'the fires cleared, the fault still there',
    );
  });

  it('has none while the panel is disconnected, as the site screen shows no runtime then', async () => {
    const alice = await registerUniqueUser(world.portal, 'Alice');
    const panel = await authorisedSite(world, alice);
    const token = await claimsTokenOf(world.portal, alice);
    panel.report(panel.model.setZone(1, 2, 'fire'));
    await waitUntil(async () => (await alarmsOf(token, panel.hwaddr))?.['1']?.fireZones === 1, 'the fire', 30_000);

    await panel.stop();
    await waitForConnection(world, panel.hwaddr, false);
    expect(await alarmsOf(token, panel.hwaddr)).toEqual({});
  });

  it('tells nothing of a site whose claim is not authorised', async () => {
    const alice = await registerUniqueUser(world.portal, 'Alice');
    const panel = await authorisedSite(world, alice);
    panel.report(panel.model.setZone(1, 2, 'fire'));
    const mallory = await registerUniqueUser(world.portal, 'Mallory');
    await request(world.portal.server)
      .post('/api/v2/claims/create')
      .set('Authorization', `Bearer ${mallory.session}`)
      .send({ hwaddr: panel.hwaddr, key: '9999' })
      .expect(200, { status: 'UNAUTHORISED' });
    const token = await claimsTokenOf(world.portal, mallory);
    const [site] = await get<SiteSummary[]>('/api/v2/sites', token);
    expect(site).toMatchObject({ hwaddr: panel.hwaddr, status: 'UNAUTHORISED', alarms: null });
  });
});
