import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NatsConfig } from '@app/config';
import { PanelIdentityEntity } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/database/testing';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '@app/messaging/testing';
import { devicePublicKey, generateDeviceKeyPair, type PanelLinkClient } from '@app/panel-protocol';
import { startGateway, type StartedGateway } from '../../../apps/panel-gateway/src/testing/gateway-harness';
import { connectClient } from '../../../apps/panel-gateway/src/testing/test-panels.util';
import { PanelIdentitiesService } from './panel-identities.service';
import { runPanelsCommand } from './panels-command';

describe('npm run panels (real PostgreSQL)', () => {
  let database: TestDatabase;
  const folder = mkdtempSync(join(tmpdir(), 'panels-'));

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  async function panels(...argv: string[]): Promise<{ code: number; out: string[]; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runPanelsCommand(argv, {
      identities: new PanelIdentitiesService(database.dataSource),
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      readFile: (path) => readFileSync(path, 'utf8'),
    });
    return { code, out, err: err.join('\n') };
  }

  const stored = (hwaddr: string) => database.dataSource.getRepository(PanelIdentityEntity).findOneBy({ hwaddr });

  function listFile(name: string, text: string): string {
    const path = join(folder, name);
    writeFileSync(path, text);
    return path;
  }

  it('provisions a panel: prints hwaddr,secret once on stdout and stores only the public key', async () => {
    const result = await panels('provision', '00:A0:B1:C2:D3:01', '--label', 'work order 7');
    expect(result.code).toBe(0);
    expect(result.out).toHaveLength(1);
    const [hwaddr, secret] = result.out[0].split(',');
    expect(hwaddr).toBe('00a0b1c2d301');
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(result.err).not.toContain(secret);
    const row = await stored(hwaddr);
    expect(row).toMatchObject({
      hwaddr,
      publicKey: devicePublicKey(secret),
      source: 'generated',
      label: 'work order 7',
      revokedAt: null,
    });
    const everything = JSON.stringify(await database.dataSource.query('SELECT * FROM panel_identities'));
    expect(everything).not.toContain(secret);
  });

  it('refuses to provision a panel twice unless told to replace its key, which also lifts a revocation', async () => {
    const first = await panels('provision', '00a0b1c2d302');
    const again = await panels('provision', '00a0b1c2d302');
    expect(again.code).toBe(1);
    expect(again.out).toEqual([]);
    expect(again.err).toContain('already provisioned');
    expect((await stored('00a0b1c2d302'))?.publicKey).toBe(devicePublicKey(first.out[0].split(',')[1]));

    expect((await panels('revoke', '00a0b1c2d302')).code).toBe(0);
    const replaced = await panels('provision', '00a0b1c2d302', '--replace');
    expect(replaced.code).toBe(0);
    expect(await stored('00a0b1c2d302')).toMatchObject({
      publicKey: devicePublicKey(replaced.out[0].split(',')[1]),
      revokedAt: null,
    });
  });

  it('imports a manufacturer list whole, and nothing of a list with a bad line or an already provisioned panel', async () => {
    const keys = [generateDeviceKeyPair(), generateDeviceKeyPair(), generateDeviceKeyPair()];
    const bad = listFile('bad.csv', `# batch 1\n00a0b1c2d310,${keys[0].publicKey}\n00a0b1c2d311,not-a-key\nbogus\n`);
    const refused = await panels('import', bad);
    expect(refused.code).toBe(65);
    expect(refused.err).toContain('line 3: the public key of 00a0b1c2d311 must be 64 hex characters');
    expect(refused.err).toContain('line 4: expected hwaddr,publicKeyHex');
    expect(await stored('00a0b1c2d310')).toBeNull();

    const good = listFile(
      'good.csv',
      `# batch 2\n00:A0:B1:C2:D3:10,${keys[0].publicKey}\n00a0b1c2d311,${keys[1].publicKey}\n`,
    );
    const imported = await panels('import', good);
    expect(imported).toMatchObject({ code: 0, out: [] });
    expect(imported.err).toContain('imported 2 panel(s)');
    expect(await stored('00a0b1c2d311')).toMatchObject({
      publicKey: keys[1].publicKey,
      source: 'imported',
      label: good,
    });

    const overlapping = listFile(
      'overlap.csv',
      `00a0b1c2d312,${keys[2].publicKey}\n00a0b1c2d311,${keys[2].publicKey}\n`,
    );
    const conflict = await panels('import', overlapping);
    expect(conflict.code).toBe(65);
    expect(conflict.err).toContain('already provisioned: 00a0b1c2d311');
    expect(await stored('00a0b1c2d312')).toBeNull();
    expect((await stored('00a0b1c2d311'))?.publicKey).toBe(keys[1].publicKey);

    expect((await panels('import', overlapping, '--replace')).code).toBe(0);
    expect((await stored('00a0b1c2d311'))?.publicKey).toBe(keys[2].publicKey);
    expect((await panels('import', join(folder, 'missing.csv'))).code).toBe(66);
  });

  it('lists and revokes', async () => {
    await panels('provision', '00a0b1c2d320');
    expect((await panels('revoke', '00a0b1c2d320')).err).toContain('revoked');
    expect((await panels('revoke', '00a0b1c2d320')).err).toContain('already revoked');
    expect(await panels('revoke', '00a0b1c2d3ff')).toMatchObject({ code: 1, err: '00a0b1c2d3ff is not provisioned' });
    const list = await panels('list');
    expect(list.code).toBe(0);
    expect(list.out[0]).toBe('hwaddr\tpublic key\tsource\tlabel\tprovisioned\trevoked');
    const row = list.out.find((line) => line.startsWith('00a0b1c2d320'))!.split('\t');
    expect(row[2]).toBe('generated');
    expect(Date.parse(row[5])).not.toBeNaN();
  });

  it('refuses bad usage, naming the problem', async () => {
    expect(await panels('provision', 'xyz')).toMatchObject({
      code: 64,
      err: expect.stringContaining("'xyz' is not a MAC address"),
    });
    expect(await panels('provision')).toMatchObject({
      code: 64,
      err: expect.stringContaining('provision takes one hwaddr'),
    });
    expect(await panels('explode')).toMatchObject({
      code: 64,
      err: expect.stringContaining("unknown command 'explode'"),
    });
    expect(await panels('list', '--force')).toMatchObject({
      code: 64,
      err: expect.stringContaining("unknown option '--force'"),
    });
  });

  describe('with a gateway on the same registry', () => {
    const prefix = uniqueTestName('panels');
    let gateway: StartedGateway;
    let client: PanelLinkClient | undefined;

    beforeAll(async () => {
      gateway = await startGateway(new NatsConfig([TEST_NATS_URL], prefix), {}, { url: database.url });
    });

    afterAll(async () => {
      await client?.stop();
      await gateway?.close();
      await removeNatsPrefix(prefix);
    });

    it('the printed secret is what the panel connects with', async () => {
      const [hwaddr, deviceSecret] = (await panels('provision', '00a0b1c2d330')).out[0].split(',');
      client = await connectClient(gateway, { hwaddr, deviceSecret });
      expect(client.isReady).toBe(true);
    });
  });
});
