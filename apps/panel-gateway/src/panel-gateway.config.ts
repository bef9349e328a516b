import { NatsConfig, RuntimeConfig, readNatsConfig, readRuntimeConfig } from '@app/config';

type Env = Record<string, string | undefined>;

export interface PanelGatewayConfig {
  runtime: RuntimeConfig;
  nats: NatsConfig;
}

export function loadPanelGatewayConfig(source: Env = process.env): PanelGatewayConfig {
  return {
    runtime: readRuntimeConfig('panel-gateway', 'GATEWAY_HTTP_PORT', 7701, source),
    nats: readNatsConfig(source),
  };
}
