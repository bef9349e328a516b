import request from 'supertest';
import { ClaimEntity } from '@app/database';
import { waitUntil } from '@app/testing';
import { PanelConnectionState } from '../panels/panel-connection-state.service';
import {
  claimStatus,
  registerUser,
  startPortalWithPanels,
  type PortalWithPanels,
  type TestUser,
} from './portal-panel-harness';

const WINDOW_SECONDS = 900;

/** Wrong admin keys are limited per user and panel and per panel, before any key reaches the panel. */
describe('wrong-key limits of claims (real gateway, simulated panels, PostgreSQL, NATS, Redis)', () => {
  let world: PortalWithPanels;
  const hwaddr = '0a1b2c3d4ea0';
  const offline = '0a1b2c3d4ea1';
  const users: Record<string, TestUser> = {};

  beforeAll(async () => {
    world = await startPortalWithPanels({
      CLAIM_KEY_LIMIT_PER_USER: '5',
      CLAIM_KEY_LIMIT_PER_PANEL: '8',
      CLAIM_KEY_LIMIT_WINDOW: `${WINDOW_SECONDS}s`,
    });
    for (const name of ['Alice', 'Bob', 'Carol', 'Dave']) users[name] = await registerUser(world.portal, name);
    (await world.panel(hwaddr, '4321')).start();
    await waitUntil(
      async () => (await world.portal.app.get(PanelConnectionState).connection(hwaddr))?.connected,
      'the panel connected',
    );
    // The windows are fixed, each starting on a multiple of its length: the tests, which count on
    // each other's tries, begin a second into a window, so that none straddles two.
    world.portal.clock.advance(WINDOW_SECONDS - (world.portal.clock.nowSeconds() % WINDOW_SECONDS) + 1);
  });

  afterAll(() => world?.close());

  const claim = (user: TestUser, body: { hwaddr: string; key: string }) =>
    request(world.portal.server)
      .post('/api/v2/claims/create')
      .set('Authorization', `Bearer ${user.session}`)
      .send(body);

  function expectTooMany(response: request.Response): void {
    expect(response.status).toBe(429);
    expect(response.body).toEqual({
      err: expect.stringMatching(/^Too many wrong keys for this panel\. Try again in \d+ minutes?\.$/),
    });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
  }

  it('answers the 6th try of a user after 5 wrong keys with 429, Retry-After and an err, even with the right key', async () => {
    for (const key of ['0000', '0001', '0002', '0003', '0004'])
      await claim(users.Alice, { hwaddr, key }).expect(200, { status: 'UNAUTHORISED' });
    expectTooMany(await claim(users.Alice, { hwaddr, key: '4321' }));
    // Refused before anything changed: the last key entered is still the one on record.
    expect(
      (
        await world.portal.environment.database.dataSource
          .getRepository(ClaimEntity)
          .findOneBy({ userId: users.Alice.id, hwaddr })
      )?.adminKey,
    ).toBe('0004');
  });

  it("keeps other users' tries apart, and a right key spends nothing", async () => {
    await claim(users.Bob, { hwaddr, key: '4321' }).expect(200, { status: 'AUTHED' });
    for (const key of ['1000', '1001', '1002'])
      await claim(users.Carol, { hwaddr, key }).expect(200, { status: 'UNAUTHORISED' });
  });

  it('answers 429 to everyone once the panel had 8 wrong keys in the window, and lets tries through in the next window', async () => {
    expectTooMany(await claim(users.Dave, { hwaddr, key: '4321' }));
    world.portal.clock.advance(901);
    try {
      await claim(users.Alice, { hwaddr, key: '4321' }).expect(200, { status: 'AUTHED' });
      await claim(users.Dave, { hwaddr, key: '4321' }).expect(200, { status: 'AUTHED' });
    } finally {
      world.portal.clock.advance(-901);
    }
  });

  it('checks no more than the limit of the keys gathered while the panel was away, when it connects', async () => {
    const guessers: TestUser[] = [];
    for (let index = 0; index < 10; index += 1) guessers.push(await registerUser(world.portal, `Guesser${index}`));
    // One pending key per user and panel: re-entering replaces it rather than adding one.
    await claim(guessers[0], { hwaddr: offline, key: '9998' }).expect(200, { status: 'WAITING' });
    for (const [index, guesser] of guessers.entries())
      await claim(guesser, { hwaddr: offline, key: String(9000 + index) }).expect(200, { status: 'WAITING' });
    const statuses = () => Promise.all(guessers.map((guesser) => claimStatus(world.portal, guesser, offline)));

    (await world.panel(offline, '1234')).start();
    await waitUntil(
      async () => (await statuses()).filter((status) => status === 'UNAUTHORISED').length >= 8,
      'the checked keys settled',
    );
    // The panel's allowance is spent: the owner's try is refused before it reaches the panel.
    expectTooMany(await claim(users.Dave, { hwaddr: offline, key: '1234' }));
    const final = await statuses();
    expect(final.filter((status) => status === 'UNAUTHORISED')).toHaveLength(8);
    expect(final.filter((status) => status === 'WAITING')).toHaveLength(2);
    // The oldest keys were checked first: the last two entered are the ones still waiting.
    expect(final.slice(8)).toEqual(['WAITING', 'WAITING']);
  });
});
