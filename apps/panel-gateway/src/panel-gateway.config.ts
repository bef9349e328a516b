import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  ConfigError,
  DatabaseConfig,
  NatsConfig,
  RuntimeConfig,
  env,
  readConfig,
  readDatabaseConfig,
  readNatsConfig,
  readRuntimeConfig,
} from '@app/config';
import { gatewayStartId, PANEL_SUPERVISION_WINDOW_MS } from '@app/contracts';
import { DEFAULT_MAX_FRAME_BYTES } from '@app/panel-protocol';

type Env = Record<string, string | undefined>;

/** How the gateway listens for panels and supervises them. */
export interface PanelListenerConfig {
  host: string;
  /** 0 picks a free port (tests). */
  port: number;
  /** PEM files; both set means panels connect over TLS, neither means plain TCP. */
  tls: { certFile: string; keyFile: string } | null;
  /** A panel silent this long is disconnected. Panels heartbeat every third of it. */
  supervisionWindowMs: number;
  /** Hello and key proof must arrive within this time of connecting. */
  handshakeTimeoutMs: number;
  maxFrameBytes: number;
  /** A command the panel has not answered in this time is answered with a timeout. */
  commandTimeoutMs: number;
  /** How long one JetStream publish may take before it is tried again. */
  publishTimeoutMs: number;
  /** Names this start of the gateway copy in connection messages and its sign of life (GATEWAY_ID and a suffix of the start). */
  gatewayId: string;
}

export interface PanelGatewayConfig {
  runtime: RuntimeConfig;
  /** The panel identity registry (read only: portal-api owns the schema). */
  database: DatabaseConfig;
  nats: NatsConfig;
  listener: PanelListenerConfig;
}

const listenerSchema = {
  GATEWAY_PANEL_HOST: env.string('0.0.0.0'),
  GATEWAY_PANEL_PORT: env.port(7700),
  GATEWAY_TLS_CERT_FILE: env.string(''),
  GATEWAY_TLS_KEY_FILE: env.string(''),
  GATEWAY_SUPERVISION_WINDOW_MS: env.int({ min: 3000, max: 3_600_000, fallback: PANEL_SUPERVISION_WINDOW_MS }),
  GATEWAY_HANDSHAKE_TIMEOUT_MS: env.int({ min: 1000, max: 600_000, fallback: 10_000 }),
  GATEWAY_MAX_FRAME_BYTES: env.int({ min: 4096, max: 16 * 1024 * 1024, fallback: DEFAULT_MAX_FRAME_BYTES }),
  GATEWAY_COMMAND_TIMEOUT_MS: env.int({ min: 100, max: 600_000, fallback: 5000 }),
  GATEWAY_PUBLISH_TIMEOUT_MS: env.int({ min: 100, max: 600_000, fallback: 5000 }),
  GATEWAY_ID: env.string(`${hostname()}-${process.pid}`),
};

function readTls(certFile: string, keyFile: string): PanelListenerConfig['tls'] {
  if (!certFile && !keyFile) return null;
  if (!certFile) throw new ConfigError('GATEWAY_TLS_CERT_FILE', 'set together with GATEWAY_TLS_KEY_FILE', undefined);
  if (!keyFile) throw new ConfigError('GATEWAY_TLS_KEY_FILE', 'set together with GATEWAY_TLS_CERT_FILE', undefined);
  // Files not there yet are no error: the listener takes TLS panels once they are (a Secret made
  // after the pod), and its metric says it waits; the pod's plain listener works meanwhile.
  return { certFile, keyFile };
}

export function loadPanelGatewayConfig(source: Env = process.env): PanelGatewayConfig {
  const values = readConfig(listenerSchema, source);
  return {
    runtime: readRuntimeConfig('panel-gateway', { variable: 'GATEWAY_HTTP_PORT', default: 7701 }, source),
    database: readDatabaseConfig(source),
    nats: readNatsConfig(source),
    listener: {
      host: values.GATEWAY_PANEL_HOST,
      port: values.GATEWAY_PANEL_PORT,
      tls: readTls(values.GATEWAY_TLS_CERT_FILE, values.GATEWAY_TLS_KEY_FILE),
      supervisionWindowMs: values.GATEWAY_SUPERVISION_WINDOW_MS,
      handshakeTimeoutMs: values.GATEWAY_HANDSHAKE_TIMEOUT_MS,
      maxFrameBytes: values.GATEWAY_MAX_FRAME_BYTES,
      commandTimeoutMs: values.GATEWAY_COMMAND_TIMEOUT_MS,
      publishTimeoutMs: values.GATEWAY_PUBLISH_TIMEOUT_MS,
      gatewayId: gatewayStartId(values.GATEWAY_ID, randomBytes(4).toString('hex')),
    },
  };
}
