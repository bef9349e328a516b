import request from 'supertest';
import { APP_DATABASE_ROLES, PanelCommandAuditEntity } from '@app/database';
import type { CommandMessage } from '@app/panel-protocol';
import { waitUntil } from '@app/testing';
import type { SimulatedPanel } from '../../../../tools/panel-simulator/src/simulated-panel';
import { TokenService } from '../auth/token.service';
import { UsersRepository } from '../auth/users.repository';
import { PanelCommandsService } from '../panels/panel-commands.service';
import {
  claimsTokenOf,
  registerUser,
  startPortalWithPanels,
  waitForClaimStatus,
  type PortalWithPanels,
  type TestUser,
} from './portal-panel-harness';

/**
 * Every command a user who may open the site sends is in the audit log with its outcome, and the
 * API answers what the panel did: applied, refused by the panel, refused by portal-api or the
 * gateway, timed out, not connected; and no command leaves without its audit row.
 */
describe('panel commands are all-or-nothing and always audited (real gateway, simulated panels, PostgreSQL, NATS)', () => {
  let world: PortalWithPanels;
  let alice: TestUser;
  let panel: SimulatedPanel;
  let silent: SimulatedPanel;
  let token: string;
  const hwaddr = '0a1b2c3d4e80';
  const silentHwaddr = '0a1b2c3d4e81';
  const eventsOnlyHwaddr = '0a1b2c3d4e82';

  beforeAll(async () => {
    world = await startPortalWithPanels();
    alice = await registerUser(world.portal, 'Alice');
    panel = await world.panel(hwaddr, '4321');
    silent = await world.panel(silentHwaddr, '2468');
    // A panel that takes every command and never answers one (its key proofs are still answered).
    (silent as unknown as { onCommand: () => Promise<never> }).onCommand = () => new Promise<never>(() => undefined);
    const eventsOnly = await world.panel(eventsOnlyHwaddr, '1357', { cloudControl: false });
    for (const [candidate, key] of [
      [panel, '4321'],
      [silent, '2468'],
      [eventsOnly, '1357'],
    ] as const) {
      candidate.start();
      await post('/api/v2/claims/create', { hwaddr: candidate.hwaddr, key }, alice.session).expect(200);
      await waitForClaimStatus(world.portal, alice, candidate.hwaddr, 'AUTHED');
    }
    token = await claimsTokenOf(world.portal, alice);
  });

  afterAll(() => world?.close());

  const database = () => world.portal.environment.database.dataSource;
  const post = (path: string, body: object, bearer = token) =>
    request(world.portal.server).post(path).set('Authorization', `Bearer ${bearer}`).send(body);
  const zoneName = (id: number) => panel.model.networks.get(1)!.config.zones.find((zone) => zone.id === id)?.name;
  const auditRows = (site = hwaddr) =>
    database()
      .getRepository(PanelCommandAuditEntity)
      .find({ where: { hwaddr: site }, order: { id: 'DESC' } });
  const newest = async (site = hwaddr) => (await auditRows(site))[0];

  it('applies a valid command, answers 200 and records it as ok', async () => {
    await post(`/api/v2/sites/${hwaddr}/panel/1/zone`, { id: 0, name: 'Reception', mode: 'MODE_ENABLED' }).expect(
      200,
      {},
    );
    expect(zoneName(0)).toBe('Reception');
    expect(await newest()).toMatchObject({
      kind: 'zone',
      outcome: 'ok',
      reason: null,
      userName: 'Alice',
      command: { kind: 'zone', id: 0, name: 'Reception' },
      settledAt: expect.any(Date),
    });
  });

  it("sends the command under the request's correlation id: answered, on record and on the wire", async () => {
    const heard: string[] = [];
    const spied = panel as unknown as { onCommand: (command: CommandMessage) => unknown };
    const onCommand = spied.onCommand.bind(panel);
    spied.onCommand = (command) => {
      heard.push(command.correlationId);
      return onCommand(command);
    };
    try {
      const given = await post(`/api/v2/sites/${hwaddr}/panel/1/zone`, {
        id: 0,
        name: 'Reception',
        mode: 'MODE_ENABLED',
      })
        .set('X-Correlation-Id', 'support-case-4711')
        .expect(200);
      expect(given.headers['x-correlation-id']).toBe('support-case-4711');
      expect(await newest()).toMatchObject({ outcome: 'ok', correlationId: 'support-case-4711' });
      const made = await post(`/api/v2/sites/${hwaddr}/panel/1/zone`, {
        id: 0,
        name: 'Reception',
        mode: 'MODE_ENABLED',
      }).expect(200);
      const id = made.headers['x-correlation-id'] as string;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await newest()).toMatchObject({ outcome: 'ok', correlationId: id });
      expect(heard).toEqual(['support-case-4711', id]);
    } finally {
      spied.onCommand = onCommand;
    }
  });

  it("answers the panel's refusal with 422 and records it as refused with the panel's reason", async () => {
    const response = await post(`/api/v2/sites/${hwaddr}/panel/1/zone`, {
      id: 999,
      name: 'Nowhere',
      mode: 'MODE_ENABLED',
    }).expect(422);
    expect(response.body).toEqual({ err: 'The panel refused the change: unknown zone 999' });
    expect(await newest()).toMatchObject({ kind: 'zone', outcome: 'refused', reason: 'unknown zone 999' });
  });

  it.each([
    ['zone', { id: 0, name: 'Bad\u0000name', mode: 'MODE_ENABLED' }],
    ['strings', { panelName: 'Main\u0000', panelCompanyName: 'Acme', panelSiteName: 'Site', panelPhoneNumber: '1' }],
    ['tmp-name', { port_id: 0, mod_idx: 0, name: '\u0000' }],
  ])(
    'never applies a %s command with U+0000: 400 naming the field, no 500, nothing applied unaudited',
    async (route, body) => {
      const before = structuredClone(panel.model.networks.get(1)!.config);
      const rowsBefore = (await auditRows()).length;
      const response = await post(`/api/v2/sites/${hwaddr}/panel/1/${route}`, body).expect(400);
      expect(response.body.err).toMatch(/^(name|panelName)\b/);
      expect(panel.model.networks.get(1)!.config).toEqual(before);
      // Refused in the request layer, yet on record once, as rejected, with the answer's err.
      const rows = await auditRows();
      const added = rows.slice(0, rows.length - rowsBefore);
      expect(added).toHaveLength(1);
      expect(added[0]).toMatchObject({ outcome: 'rejected', reason: response.body.err });
    },
  );

  it('refuses in the service whatever the request layer let through that the gateway or panel would refuse, and records it as rejected', async () => {
    const commands = world.portal.app.get(PanelCommandsService);
    const claims = { userId: alice.id, panels: [hwaddr] };
    await expect(
      commands.send(claims, hwaddr, 1, { kind: 'zone', id: 0, name: 'Bad\u0000name', mode: 'MODE_ENABLED' }),
    ).rejects.toMatchObject({
      kind: 'invalid',
      err: 'name contains the control character U+0000',
    });
    expect(zoneName(0)).toBe('Reception');
    // The row keeps what was asked, with the character PostgreSQL cannot hold replaced.
    expect(await newest()).toMatchObject({
      kind: 'zone',
      outcome: 'rejected',
      reason: 'name contains the control character U+0000',
      command: { name: 'Bad\uFFFDname' },
    });

    const response = await post(`/api/v2/sites/${hwaddr}/panel/1/zone`, {
      id: 10_000,
      name: 'Far',
      mode: 'MODE_ENABLED',
    }).expect(400);
    expect(response.body.err).toMatch(/^id must be an integer from 0 to 9999/);
    expect(await newest()).toMatchObject({ outcome: 'rejected', command: { id: 10_000 } });
  });

  it('records each refused request exactly once, whether the request layer or the service refused it', async () => {
    const count = async () => (await auditRows()).length;
    let before = await count();
    // Refused by the service (a zone id the panel protocol does not allow): recorded there, not again.
    await post(`/api/v2/sites/${hwaddr}/panel/1/zone`, { id: 10_000, name: 'Far', mode: 'MODE_ENABLED' }).expect(400);
    expect(await count()).toBe(before + 1);
    before = await count();
    // Refused by the request layer (an unknown button pair): recorded by the controller's filter.
    const response = await post(`/api/v2/sites/${hwaddr}/panel/1/buttons`, { action: 'RESET', data: 'ALARM' }).expect(
      400,
    );
    expect(await count()).toBe(before + 1);
    expect(await newest()).toMatchObject({
      kind: 'button',
      outcome: 'rejected',
      reason: response.body.err,
      command: { action: 'RESET', data: 'ALARM' },
    });
  });

  it('writes nothing into the log of a site for a refused request by someone who may not open it', async () => {
    const mallory = await registerUser(world.portal, 'Mallory');
    const before = (await auditRows()).length;
    // A claims token that lists the site (as if it had been issued before access was removed).
    const account = (await world.portal.app.get(UsersRepository).findById(mallory.id))!;
    const { sid } = await world.portal.app.get(TokenService).verify(mallory.session, 'session');
    const forged = await world.portal.app.get(TokenService).signClaims(account, [hwaddr], sid);
    await post(
      `/api/v2/sites/${hwaddr}/panel/1/zone`,
      { id: 0, name: 'Bad\u0000', mode: 'MODE_ENABLED' },
      forged,
    ).expect(400);
    expect(await auditRows()).toHaveLength(before);
  });

  it('records a command to a panel that only sends events as rejected (409)', async () => {
    await post(`/api/v2/sites/${eventsOnlyHwaddr}/panel/1/buttons`, { action: 'RESET', data: 'NA' }).expect(409, {
      err: 'Your Panel Is Currently Only Receiving Events',
    });
    expect(await newest(eventsOnlyHwaddr)).toMatchObject({
      kind: 'button',
      outcome: 'rejected',
      reason: 'Your Panel Is Currently Only Receiving Events',
    });
  });

  it('records a command the panel never answers as timeout (504)', async () => {
    await post(`/api/v2/sites/${silentHwaddr}/panel/1/buttons`, { action: 'MUTE', data: 'NA' }).expect(504, {
      err: 'The panel did not answer in time',
    });
    expect(await newest(silentHwaddr)).toMatchObject({
      kind: 'button',
      outcome: 'timeout',
      settledAt: expect.any(Date),
    });
  }, 30_000);

  it('sends nothing and answers 503 when the audit row cannot be written', async () => {
    await database().query(
      `CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit log unavailable'; END $$`,
    );
    await database().query(
      `CREATE TRIGGER refuse_audit BEFORE INSERT ON panel_command_audit FOR EACH ROW EXECUTE FUNCTION refuse_audit()`,
    );
    try {
      const rowsBefore = (await auditRows()).length;
      const response = await post(`/api/v2/sites/${hwaddr}/panel/1/zone`, {
        id: 0,
        name: 'Unaudited',
        mode: 'MODE_ENABLED',
      }).expect(503);
      expect(response.body).toEqual({ err: expect.stringMatching(/audit log/) });
      expect(zoneName(0)).toBe('Reception');
      expect(await auditRows()).toHaveLength(rowsBefore);
    } finally {
      await database().query(`DROP TRIGGER refuse_audit ON panel_command_audit`);
      await database().query(`DROP FUNCTION refuse_audit()`);
    }
  });

  it('retries the outcome of an applied command until it is written', async () => {
    // The first two outcome writes fail (a sequence is not rolled back with them); the third goes through.
    await database().query(`CREATE SEQUENCE audit_update_failures`);
    await database().query(`GRANT USAGE ON SEQUENCE audit_update_failures TO ${APP_DATABASE_ROLES.portalApi}`);
    await database().query(
      `CREATE FUNCTION fail_audit_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF nextval('audit_update_failures') <= 2 THEN RAISE EXCEPTION 'audit log busy'; END IF; RETURN NEW; END $$`,
    );
    await database().query(
      `CREATE TRIGGER fail_audit_update BEFORE UPDATE ON panel_command_audit FOR EACH ROW EXECUTE FUNCTION fail_audit_update()`,
    );
    try {
      await post(`/api/v2/sites/${hwaddr}/panel/1/zone`, { id: 0, name: 'Retried', mode: 'MODE_ENABLED' }).expect(200);
      expect(zoneName(0)).toBe('Retried');
      expect(await newest()).toMatchObject({
        outcome: 'ok',
        command: { name: 'Retried' },
        settledAt: expect.any(Date),
      });
      expect(Number((await database().query(`SELECT last_value FROM audit_update_failures`))[0].last_value)).toBe(3);
    } finally {
      await database().query(`DROP TRIGGER fail_audit_update ON panel_command_audit`);
      await database().query(`DROP FUNCTION fail_audit_update()`);
      await database().query(`DROP SEQUENCE audit_update_failures`);
    }
  });

  it('lists every outcome in the audit call, and records a command to a disconnected panel as not-connected (409)', async () => {
    await panel.stop();
    await waitUntil(
      async () =>
        (
          (await request(world.portal.server).get(`/api/v2/sites/${hwaddr}`).set('Authorization', `Bearer ${token}`))
            .body as { connected?: boolean }
        ).connected === false,
      'the panel seen disconnected',
    );
    await post(`/api/v2/sites/${hwaddr}/panel/1/buttons`, { action: 'RESET', data: 'NA' }).expect(409, {
      err: 'The panel is not connected to the cloud',
    });
    const listed = (
      await request(world.portal.server)
        .get(`/api/v2/sites/${hwaddr}/audit`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200)
    ).body as Array<{ outcome: string }>;
    expect(listed[0]).toMatchObject({
      kind: 'button',
      outcome: 'not-connected',
      reason: 'The panel is not connected to the cloud',
    });
    expect(new Set(listed.map((entry) => entry.outcome))).toEqual(
      new Set(['ok', 'refused', 'rejected', 'not-connected']),
    );
  });
});
