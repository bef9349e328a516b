// docker-compose.cluster.yml cannot be run here (no Docker): its structure is checked instead.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

const root = resolve(__dirname, '../..');

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, unknown>;
}

interface ComposeFile {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

const compose = parse(readFileSync(join(root, 'docker-compose.cluster.yml'), 'utf8'), { merge: true }) as ComposeFile;
const { services } = compose;
const natsServers = Object.keys(services).filter((name) => services[name].image?.startsWith('nats:'));
const apps = Object.keys(services).filter((name) => services[name].build !== undefined);

/** The value after `flag` in a command line. */
function argument(command: string[] | undefined, flag: string): string | undefined {
  const index = command?.indexOf(flag) ?? -1;
  return index >= 0 ? command![index + 1] : undefined;
}

describe('docker-compose.cluster.yml', () => {
  it('names only services, volumes and files that exist', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const dependency of Object.keys(service.depends_on ?? {})) {
        expect({ service: name, dependsOn: dependency, exists: dependency in services }).toMatchObject({
          exists: true,
        });
      }
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0];
        const exists = source.startsWith('.') ? existsSync(join(root, source)) : source in (compose.volumes ?? {});
        expect({ service: name, volume, exists }).toMatchObject({ exists: true });
      }
    }
  });

  it('runs three NATS servers with JetStream, clustered by routes naming all three', () => {
    expect(natsServers).toHaveLength(3);
    const routes = natsServers.map((name) => `nats://${name}:6222`).sort();
    const clusterNames = new Set<string | undefined>();
    const stores = new Set<string>();
    for (const name of natsServers) {
      const { command, volumes } = services[name];
      expect(argument(command, '-n')).toBe(name);
      expect(command).toContain('-js');
      expect(argument(command, '-cluster')).toBe('nats://0.0.0.0:6222');
      expect(argument(command, '-routes')?.split(',').sort()).toEqual(routes);
      clusterNames.add(argument(command, '--cluster_name'));
      const store = volumes?.find((volume) => volume.endsWith(`:${argument(command, '-sd')}`));
      expect(store).toBeDefined();
      stores.add(store!.split(':')[0]);
      // Every write synced before its ack (NATS 2.10 and later, as the image is), a user per app, and
      // TLS for clients and routes (deploy/compose-nats-tls.int-spec.ts runs these files).
      expect(argument(command, '-c')).toBe('/etc/nats/compose-cluster-server.conf');
      expect(readFileSync(join(root, 'scripts/nats/compose-cluster-server.conf'), 'utf8')).toMatch(
        /^include "compose-server.conf"$/m,
      );
      expect(readFileSync(join(root, 'scripts/nats/compose-server.conf'), 'utf8')).toMatch(
        /^include "jetstream-sync.conf"$[\s\S]*^include "authorization.conf"$[\s\S]*^include "compose-tls.conf"$/m,
      );
      expect(services[name].image).toMatch(/^nats:2\.(1\d|[2-9]\d)/);
    }
    expect(clusterNames.size).toBe(1);
    expect(stores.size).toBe(3);
  });

  it('gives every app every server and three copies of each stream, and lets each run as several copies', () => {
    expect(apps.sort()).toEqual(['mailer', 'panel-gateway', 'portal-api', 'relay-worker']);
    for (const name of apps) {
      const { environment = {}, ports, depends_on = {} } = services[name];
      expect(environment.NATS_URL?.split(',').sort()).toEqual(
        natsServers.map((server) => `nats://${server}:4222`).sort(),
      );
      expect(environment.NATS_STREAM_REPLICAS).toBe('3');
      // A published host port would stop a second copy from starting.
      expect(ports).toBeUndefined();
      for (const server of natsServers) expect(depends_on).toHaveProperty(server);
    }
    expect(services['portal-api'].environment?.HTTP_TRUST_PROXY).toBe('1');
  });

  it('puts portal-api and panel-gateway behind the balancer, whose configuration names their ports', () => {
    const balancer = services.balancer;
    expect(balancer.ports?.sort()).toEqual(['3000:3000', '7700:7700']);
    const mount = balancer.volumes?.find((volume) => volume.endsWith(':/etc/nginx/nginx.conf:ro'));
    expect(mount).toBeDefined();
    const config = readFileSync(join(root, mount!.split(':')[0]), 'utf8');
    const upstreams = [...config.matchAll(/^\s*server\s+([\w-]+):(\d+)\s/gm)].map((match) => [match[1], match[2]]);
    expect(upstreams).toEqual([
      ['portal-api', services['portal-api'].environment?.PORTAL_HTTP_PORT],
      ['panel-gateway', services['panel-gateway'].environment?.GATEWAY_PANEL_PORT],
    ]);
    expect(config).toMatch(/listen 3000;/);
    expect(config).toMatch(/listen 7700;/);
    expect(config).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
  });
});
