import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NatsConfig, type NatsStreamReplicas } from '@app/config';
import {
  NATS_APPS,
  NATS_RESTORE_REPLAY_USER,
  natsNames,
  natsPermissions,
  natsRestoreReplayPermissions,
  type NatsApp,
} from '@app/contracts';
import { NatsCluster } from '../../../scripts/lib/nats-cluster';
import {
  makeNatsCertificates,
  natsAuthorizationConf,
  natsDevPassword,
  natsTlsConf,
  type NatsTlsFiles,
} from '../../../scripts/lib/nats-security';
import { freePort } from './local-port.util';

/**
 * A real three-server NATS cluster as production runs it: a user per app allowed only its subjects
 * and streams (natsPermissions under the test's prefix), TLS for clients and for the routes, from a
 * throwaway CA made in the cluster's folder.
 */
/** Each app, and the restore replay, signs in as a user of its own. */
export type NatsUser = NatsApp | typeof NATS_RESTORE_REPLAY_USER;

export interface SecuredNatsCluster {
  cluster: NatsCluster;
  prefix: string;
  tls: NatsTlsFiles;
  /** The password of app `app`'s user, or the restore replay's (made for this cluster). */
  password(app: NatsUser): string;
  /** What app `app` reads to connect as itself: NATS_URL, NATS_PREFIX, NATS_USER, NATS_PASSWORD, NATS_TLS_CA_FILE. */
  variables(app: NatsUser, replicas?: NatsStreamReplicas): Record<string, string>;
  /** The same as a NatsConfig (for harnesses that take one). */
  config(app: NatsApp, replicas?: NatsStreamReplicas): NatsConfig;
  /** Every line of the servers' logs telling of a permissions violation (a user refused a subject). */
  violations(): string[];
  remove(): Promise<void>;
}

export async function startSecuredNatsCluster(options: { name: string; prefix: string }): Promise<SecuredNatsCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'nats-secured-'));
  try {
    const tls = makeNatsCertificates(join(dir, 'tls'));
    const names = natsNames(options.prefix);
    const passwords = Object.fromEntries(
      [...NATS_APPS, NATS_RESTORE_REPLAY_USER].map((user) => [user, natsDevPassword()]),
    ) as Record<NatsUser, string>;
    const users = [
      ...NATS_APPS.map((app) => ({
        user: app,
        password: { literal: passwords[app] },
        permissions: natsPermissions(app, names),
      })),
      {
        user: NATS_RESTORE_REPLAY_USER,
        password: { literal: passwords[NATS_RESTORE_REPLAY_USER] },
        permissions: natsRestoreReplayPermissions(names),
      },
    ];
    const confFile = join(dir, 'nats.conf');
    writeFileSync(confFile, `${natsAuthorizationConf(users)}\n${natsTlsConf(tls)}`);
    const cluster = await NatsCluster.start({
      name: options.name,
      dataDir: join(dir, 'servers'),
      freePort,
      extraArgs: ['-c', confFile],
    });
    const variables = (app: NatsUser, replicas: NatsStreamReplicas = 3) => ({
      NATS_URL: cluster.urls.join(','),
      NATS_PREFIX: options.prefix,
      NATS_STREAM_REPLICAS: String(replicas),
      NATS_USER: app,
      NATS_PASSWORD: passwords[app],
      NATS_TLS_CA_FILE: tls.caFile,
    });
    return {
      cluster,
      prefix: options.prefix,
      tls,
      password: (app) => passwords[app],
      variables,
      config: (app, replicas = 3) =>
        new NatsConfig(cluster.urls, options.prefix, replicas, {
          user: { name: app, password: passwords[app] },
          tls: { ca: readFileSync(tls.caFile, 'utf8') },
        }),
      violations: () =>
        cluster.servers.flatMap((server) => {
          try {
            return readFileSync(server.logFile, 'utf8')
              .split('\n')
              .filter((line) => /Violation/i.test(line));
          } catch {
            return [];
          }
        }),
      async remove() {
        await cluster.remove();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
