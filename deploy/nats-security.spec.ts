import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { NATS_APPS, type NatsApp } from '@app/contracts';
import { natsPasswordVariable } from '../scripts/lib/nats-security';
import { appContainersOf, standInSecret } from './test/app-containers.util';
import { buildKustomization } from './test/kustomize-build.util';
import { AUTHORIZATION_CONF, deploymentAuthorizationConf } from './test/nats-authorization.util';
import { mountedFileSource } from './test/pod-environment.util';
import { findObject, workloadsOf } from './test/workload.util';

const ROOT = join(__dirname, '..');
const objects = buildKustomization(join(__dirname, 'overlays/production'), {
  readEnvFile: (path) => readFileSync(`${path}.example`, 'utf8'),
});
const NATS_IMAGE = 'nats:2.15.1-alpine';

/** The `tls { ... }` block inside the `cluster { ... }` block of a nats-server configuration. */
function clusterTls(conf: string): Record<string, string> {
  const cluster = /\ncluster\s*\{([\s\S]*?)\n\}/.exec(`\n${conf}`)?.[1] ?? '';
  const tls = /tls\s*\{([^}]*)\}/.exec(cluster)?.[1] ?? '';
  return Object.fromEntries([...tls.matchAll(/(\w+)\s*:\s*(\S+)/g)].map(([, key, value]) => [key, value]));
}

describe('the NATS users of every deployment', () => {
  it(`${AUTHORIZATION_CONF} is what the apps' code needs (NATS_AUTHORIZATION_WRITE=1 rewrites it)`, () => {
    const expected = deploymentAuthorizationConf();
    const file = join(ROOT, AUTHORIZATION_CONF);
    if (process.env.NATS_AUTHORIZATION_WRITE === '1') writeFileSync(file, expected);
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });

  it('is the same in the Kubernetes configuration', () => {
    const configMap = findObject(objects, 'ConfigMap', 'nats-config', 'fire-alarm-portal');
    expect((configMap?.data as Record<string, string>)['authorization.conf']).toBe(deploymentAuthorizationConf());
  });
});

describe('NATS on Kubernetes', () => {
  const nats = workloadsOf(objects).find(
    ({ object }) => object.kind === 'StatefulSet' && object.metadata.name === 'nats',
  )!;
  const container = nats.pod.containers.find(({ name }) => name === 'nats')!;
  const configMap = findObject(objects, 'ConfigMap', 'nats-config', 'fire-alarm-portal')!;
  const conf = (configMap.data as Record<string, string>)['nats.conf'];

  it(`runs ${NATS_IMAGE}`, () => {
    expect(container.image).toBe(NATS_IMAGE);
  });

  it('routes the servers over TLS with the certificate, key and CA of the Secret nats-tls', () => {
    const tls = clusterTls(conf);
    expect(Object.keys(tls).sort()).toEqual(['ca_file', 'cert_file', 'key_file', 'timeout']);
    for (const key of ['cert_file', 'key_file', 'ca_file']) {
      const path = tls[key];
      const mount = container.volumeMounts?.find((candidate) => path.startsWith(`${candidate.mountPath}/`));
      const volume = nats.pod.volumes?.find((candidate) => candidate.name === mount?.name);
      const file = path.slice(`${mount?.mountPath}/`.length);
      const sources = volume?.projected?.sources ?? [];
      const from = sources.find((source) => source.secret?.items?.some((item) => item.path === file));
      expect([key, from?.secret?.name]).toEqual([key, 'nats-tls']);
    }
  });

  it("takes clients over TLS with the same files, each as a user of authorization.conf, and advertises no pod's address", () => {
    const top = conf.replace(/\ncluster\s*\{[\s\S]*?\n\}/, '');
    const tls = /\ntls\s*\{([^}]*)\}/.exec(`\n${top}`)?.[1] ?? '';
    const settings = Object.fromEntries([...tls.matchAll(/(\w+)\s*:\s*(\S+)/g)].map(([, key, value]) => [key, value]));
    const routes = clusterTls(conf);
    expect(settings).toEqual({
      cert_file: routes.cert_file,
      key_file: routes.key_file,
      ca_file: routes.ca_file,
      timeout: routes.timeout,
    });
    expect(top).toMatch(/\ninclude \.\/authorization\.conf\n/);
    expect(conf).toMatch(/\n\s*no_advertise: true\n/);
  });

  it('connects each app as its own user, with the password its servers have, checking them against the CA of nats-tls', () => {
    const secretKey = (of: { env?: IContainer['env'] }, name: string) =>
      of.env?.find((variable) => variable.name === name)?.valueFrom?.secretKeyRef;
    const containers = appContainersOf(objects, standInSecret);
    const server = nats.pod.containers.find(({ name }) => name === 'nats')!;
    expect(new Set(containers.map(({ app }) => app))).toEqual(new Set(NATS_APPS));
    for (const { app, container, workload, env } of containers) {
      expect([container.name, env.NATS_USER]).toEqual([container.name, app]);
      const password = secretKey(container, 'NATS_PASSWORD');
      expect([container.name, password]).toEqual([
        container.name,
        secretKey(server, natsPasswordVariable(app as NatsApp)),
      ]);
      expect(password?.name).toBe('portal-secrets');
      expect(mountedFileSource(env.NATS_TLS_CA_FILE, container, workload.pod.volumes ?? [])).toEqual({
        kind: 'Secret',
        name: 'nats-tls',
        key: 'ca.crt',
      });
    }
  });
});

describe('NATS in docker compose', () => {
  it.each(['docker-compose.yml', 'docker-compose.cluster.yml'])(`%s runs ${NATS_IMAGE}`, (file) => {
    const compose = parse(readFileSync(join(ROOT, file), 'utf8'), { merge: true }) as {
      services: Record<string, { image?: string }>;
    };
    const images = Object.values(compose.services)
      .map((service) => service.image)
      .filter((image) => image?.startsWith('nats:'));
    expect(images.length).toBeGreaterThan(0);
    expect(new Set(images)).toEqual(new Set([NATS_IMAGE]));
  });

  it.each(['docker-compose.yml', 'docker-compose.cluster.yml'])(
    '%s connects each app as its own user, with the password its servers have',
    (file) => {
      const compose = parse(readFileSync(join(ROOT, file), 'utf8'), { merge: true }) as {
        services: Record<string, { image?: string; build?: unknown; environment?: Record<string, string> }>;
      };
      const servers = Object.values(compose.services).filter((service) => service.image?.startsWith('nats:'));
      for (const app of NATS_APPS) {
        const environment = compose.services[app].environment ?? {};
        expect([app, environment.NATS_USER]).toEqual([app, app]);
        for (const server of servers)
          expect([app, server.environment?.[natsPasswordVariable(app)]]).toEqual([app, environment.NATS_PASSWORD]);
      }
    },
  );
});
