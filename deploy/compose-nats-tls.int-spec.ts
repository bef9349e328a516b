// The compose files cannot run here (no Docker), but their NATS can: the certificate script the
// nats-certs service runs, and the configuration files the servers read, run with the release's
// nats-server, each app signing in with what the compose files give it.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { parse } from 'yaml';
import { NATS_APPS } from '@app/contracts';
import { acceptsConnections, freePort, NATS_SERVER_BIN, waitUntil } from '@app/testing';

const root = resolve(__dirname, '..');

interface ComposeFile {
  services: Record<
    string,
    { image?: string; command?: string[]; environment?: Record<string, string>; volumes?: string[] }
  >;
}

const readCompose = (file: string) => parse(readFileSync(join(root, file), 'utf8'), { merge: true }) as ComposeFile;

describe("the compose files' NATS: users and TLS (the release's nats-server, the committed files)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'compose-nats-'));
  const tls = join(dir, 'nats-tls');
  const conf = join(dir, 'nats');
  const compose = readCompose('docker-compose.yml');
  const server = compose.services.nats;
  let child: ChildProcess | undefined;
  let port = 0;

  beforeAll(async () => {
    execFileSync('sh', [join(root, 'scripts/nats/make-compose-certs.sh'), tls]);
    // The servers' files as the compose files mount them, their certificate's folder here.
    cpSync(join(root, 'scripts/nats'), conf, { recursive: true });
    for (const file of readdirSync(conf).filter((name) => name.endsWith('.conf')))
      writeFileSync(join(conf, file), readFileSync(join(conf, file), 'utf8').replaceAll('/etc/nats-tls', tls));
    port = await freePort();
    child = spawn(
      NATS_SERVER_BIN,
      ['-c', join(conf, 'compose-server.conf'), '-js', '-sd', join(dir, 'data'), '-a', '127.0.0.1', '-p', String(port)],
      { stdio: 'ignore', env: { ...process.env, ...server.environment } },
    );
    await waitUntil(() => acceptsConnections(port), 'the compose NATS server', 15_000);
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child!.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('makes a certificate naming every address the servers are reached at, and keeps it', () => {
    const text = execFileSync('openssl', ['x509', '-in', join(tls, 'server.pem'), '-noout', '-text'], {
      encoding: 'utf8',
    });
    for (const name of ['DNS:nats,', 'DNS:nats-1', 'DNS:nats-2', 'DNS:nats-3', 'IP Address:127.0.0.1'])
      expect(text).toContain(name);
    expect(text).toMatch(/TLS Web Server Authentication, TLS Web Client Authentication/);
    const before = readFileSync(join(tls, 'server.pem'), 'utf8');
    execFileSync('sh', [join(root, 'scripts/nats/make-compose-certs.sh'), tls]);
    expect(readFileSync(join(tls, 'server.pem'), 'utf8')).toBe(before);
  });

  it('lets each app in with the user, password and CA its service is given, over TLS only', async () => {
    for (const app of NATS_APPS) {
      const environment = compose.services[app].environment ?? {};
      const connection = await connect({
        servers: `127.0.0.1:${port}`,
        user: environment.NATS_USER,
        pass: environment.NATS_PASSWORD,
        tls: { caFile: environment.NATS_TLS_CA_FILE!.replace('/etc/nats-tls', tls) },
        reconnect: false,
        timeout: 5000,
      });
      expect([app, connection.info?.tls_required, connection.info?.auth_required]).toEqual([app, true, true]);
      await connection.close();
    }
    const mailer = compose.services.mailer.environment ?? {};
    await expect(
      connect({ servers: `127.0.0.1:${port}`, user: 'mailer', pass: 'not-the-password', tls: {}, reconnect: false }),
    ).rejects.toThrow();
    // Without the CA the servers' certificate is not trusted.
    await expect(
      connect({ servers: `127.0.0.1:${port}`, user: 'mailer', pass: mailer.NATS_PASSWORD, reconnect: false }),
    ).rejects.toThrow();
  });

  it("gives the cluster's servers a configuration nats-server takes, routes on TLS", () => {
    const cluster = readCompose('docker-compose.cluster.yml');
    const servers = Object.values(cluster.services).filter((service) => service.image?.startsWith('nats:'));
    expect(servers).toHaveLength(3);
    for (const service of servers) {
      const file = service.command![service.command!.indexOf('-c') + 1].replace('/etc/nats', conf);
      expect(readFileSync(file, 'utf8')).toMatch(/cluster \{\s*tls \{/);
      const check = spawnSync(NATS_SERVER_BIN, ['-t', '-c', file], {
        encoding: 'utf8',
        env: { ...process.env, ...service.environment },
      });
      expect([check.status, `${check.stdout}${check.stderr}`.trim()]).toEqual([0, expect.stringMatching(/valid/i)]);
      expect(service.volumes).toContain('nats-tls:/etc/nats-tls:ro');
    }
  });
});
