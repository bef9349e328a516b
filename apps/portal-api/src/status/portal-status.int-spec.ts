import request from 'supertest';
import { HealthRegistry } from '@app/platform';
import { registerUniqueUser, type TestUser } from '../e2e/portal-panel-harness';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';
import { PORTAL_STATUS_REUSE_MS } from './portal-status.constants';

jest.setTimeout(60_000);

describe('GET /api/v2/status (real PostgreSQL, NATS, Redis)', () => {
  let portal: PortalApiTestApp;
  let user: TestUser;
  /** A part of the portal a test can take down, registered like the connection modules register theirs. */
  let boardsUp = true;
  let boardChecks = 0;

  const status = () => request(portal.server).get('/api/v2/status').set('Authorization', `Bearer ${user.session}`);

  beforeAll(async () => {
    portal = await startPortalApiTestApp();
    user = await registerUniqueUser(portal, 'Stat');
    portal.app.get(HealthRegistry).register({
      name: 'relayBoards',
      check: async () => {
        boardChecks += 1;
        if (!boardsUp) throw new Error('lease of board 10.0.0.7 lapsed');
      },
    });
  });

  afterAll(() => portal?.close());

  it('asks for a signed-in user', async () => {
    const response = await request(portal.server).get('/api/v2/status').expect(401);
    expect(response.body).toEqual({ err: expect.any(String) });
  });

  it("says whether the portal works, with when it checked, and no dependency's name or failure", async () => {
    const ok = await status().expect(200);
    expect(ok.body).toEqual({ status: 'ok', checkedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/) });
    expect(Math.abs(Date.parse(ok.body.checkedAt) - portal.clock.now().getTime())).toBeLessThan(5_000);
    boardsUp = false;
    portal.clock.advance(PORTAL_STATUS_REUSE_MS / 1000 + 1);
    const degraded = await status().expect(200);
    expect(Object.keys(degraded.body).sort()).toEqual(['checkedAt', 'status']);
    expect(degraded.body.status).toBe('degraded');
    expect(degraded.text).not.toMatch(/relayBoards|10\.0\.0\.7|lapsed|database|nats|redis/i);
    boardsUp = true;
  });

  it('checks at most once in its reuse time, however many ask at once', async () => {
    portal.clock.advance(PORTAL_STATUS_REUSE_MS / 1000 + 1);
    const before = boardChecks;
    const answers = await Promise.all(Array.from({ length: 20 }, () => status().expect(200)));
    expect(new Set(answers.map((answer) => answer.body.checkedAt)).size).toBe(1);
    await status().expect(200);
    expect(boardChecks - before).toBe(1);
  });
});
