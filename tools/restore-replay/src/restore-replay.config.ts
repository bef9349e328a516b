import { RuntimeConfig } from '@app/config';
import { loadMailerConfig, type MailerConfig } from '../../../apps/mailer/src/mailer.config';
import { loadPortalApiConfig, type PortalApiConfig } from '../../../apps/portal-api/src/portal-api.config';
import { loadRelayWorkerConfig, type RelayWorkerConfig } from '../../../apps/relay-worker/src/relay-worker.config';

type Env = Record<string, string | undefined>;

/**
 * The replay stores as portal-api stores and asks the relay-worker's and the mailer's channels what
 * an alarm owed, so it reads each app's configuration with that app's own loader, from the same
 * variables (the union of the three apps'): the database, NATS and Redis come from portal-api's.
 */
export interface RestoreReplayConfig {
  runtime: RuntimeConfig;
  portalApi: PortalApiConfig;
  relayWorker: RelayWorkerConfig;
  mailer: MailerConfig;
}

export function loadRestoreReplayConfig(source: Env = process.env): RestoreReplayConfig {
  const portalApi = loadPortalApiConfig(source);
  const { environment, logLevel, opsPort } = portalApi.runtime;
  return {
    // Named for itself in logs and connection names; it opens no port.
    runtime: new RuntimeConfig('restore-replay', environment, logLevel, opsPort),
    portalApi,
    relayWorker: loadRelayWorkerConfig(source),
    mailer: loadMailerConfig(source),
  };
}
