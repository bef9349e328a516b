import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { generateVAPIDKeys } from 'web-push';
import { localCertificate } from '@app/testing';
import { loadMailerConfig } from '../../apps/mailer/src/mailer.config';
import { loadPanelGatewayConfig } from '../../apps/panel-gateway/src/panel-gateway.config';
import { loadPortalApiConfig } from '../../apps/portal-api/src/portal-api.config';
import { loadRelayWorkerConfig } from '../../apps/relay-worker/src/relay-worker.config';
import type { K8sObject } from './kustomize-build.util';
import { containerEnvironment, mountedFileSource } from './pod-environment.util';
import { type Workload, workloadsOf } from './workload.util';

/** The app containers of the built manifests, each with the environment it starts with and its app's own loader. */

/** Valid values in place of the Secret's, which the repository never holds. */
const STAND_IN_VAPID_KEYS = generateVAPIDKeys();

export const SECRET_STAND_INS: Record<string, string> = {
  MIGRATIONS_DATABASE_URL: 'postgres://portal:stand-in@postgres:5432/portal',
  PORTAL_API_DATABASE_URL: 'postgres://portal_api:stand-in@postgres:5432/portal',
  RELAY_WORKER_DATABASE_URL: 'postgres://relay_worker:stand-in@postgres:5432/portal',
  MAILER_DATABASE_URL: 'postgres://mailer:stand-in@postgres:5432/portal',
  GATEWAY_DATABASE_URL: 'postgres://panel_gateway:stand-in@postgres:5432/portal',
  NATS_PORTAL_API_PASSWORD: 'stand-in-portal-api-password',
  NATS_PANEL_GATEWAY_PASSWORD: 'stand-in-panel-gateway-password',
  NATS_RELAY_WORKER_PASSWORD: 'stand-in-relay-worker-password',
  NATS_MAILER_PASSWORD: 'stand-in-mailer-password',
  NATS_RESTORE_REPLAY_PASSWORD: 'stand-in-restore-replay-password',
  REDIS_URL: 'redis://:stand-in@redis:6379',
  AUTH_TOKEN_SECRET: 'stand-in-token-secret-of-more-than-32-characters',
  RELAY_SECRET_KEY: 'stand-in-relay-key-of-more-than-32-characters',
  SMTP_USER: '',
  SMTP_PASSWORD: '',
  // A real pair, so that the loaders check push as they would with one set.
  WEB_PUSH_VAPID_PUBLIC_KEY: STAND_IN_VAPID_KEYS.publicKey,
  WEB_PUSH_VAPID_PRIVATE_KEY: STAND_IN_VAPID_KEYS.privateKey,
};

export const standInSecret = (_secret: string, key: string): string => {
  if (!(key in SECRET_STAND_INS)) throw new Error(`no stand-in for the Secret's ${key}: add one to SECRET_STAND_INS`);
  return SECRET_STAND_INS[key];
};

/** A self-signed certificate (PEM), made once. */
let certificate: string | undefined;
function standInCertificate(): string {
  if (certificate === undefined) {
    const made = localCertificate();
    certificate = made.cert;
    made.remove();
  }
  return certificate;
}

export type Env = Record<string, string | undefined>;
/** Each backend app's own loader: what it reads and checks at boot. */
export const APP_LOADERS: Record<string, (env: Env) => object> = {
  'portal-api': loadPortalApiConfig,
  'panel-gateway': loadPanelGatewayConfig,
  'relay-worker': loadRelayWorkerConfig,
  mailer: loadMailerConfig,
};

export interface AppContainer {
  app: string;
  workload: Workload;
  container: IContainer;
  env: Record<string, string>;
}

/** Every container running one of the apps, with the environment it starts with. */
export function appContainersOf(
  objects: K8sObject[],
  secretValue: (secret: string, key: string) => string,
): AppContainer[] {
  return workloadsOf(objects).flatMap((workload) =>
    workload.pod.containers.flatMap((container) => {
      const app = container.env?.find((variable) => variable.name === 'APP')?.value;
      if (app === undefined) return [];
      const pod = {
        name: `${workload.object.metadata.name}-7d9f8-x2x4z`,
        namespace: workload.object.metadata.namespace,
      };
      return [{ app, workload, container, env: containerEnvironment(container, pod, objects, secretValue) }];
    }),
  );
}

/** Runs the app's loader on the container's environment, its mounted files written to `filesDir`. */
export function loadAppConfig({ app, workload, container, env }: AppContainer, filesDir: string): object {
  const withFiles: Env = { ...env };
  for (const [name, value] of Object.entries(env)) {
    if (
      !value.startsWith('/') ||
      !(container.volumeMounts ?? []).some((mount) => value.startsWith(`${mount.mountPath}/`))
    ) {
      continue;
    }
    const source = mountedFileSource(value, container, workload.pod.volumes ?? []);
    const file = join(filesDir, `${container.name}-${source.name}-${source.key}`);
    // A certificate is read as one at boot (NATS_TLS_CA_FILE): a real one stands in for it.
    writeFileSync(
      file,
      source.key.endsWith('.crt')
        ? standInCertificate()
        : `stand-in for ${source.kind} ${source.name} key ${source.key}\n`,
    );
    withFiles[name] = file;
  }
  return APP_LOADERS[app](withFiles);
}
