import type { DeviceAuthOutcome } from '../identity/panel-identity.registry';
import type { GatewayMetrics } from '../metrics/gateway-metrics.service';
import type { PanelListenerConfig } from '../panel-gateway.config';
import type { PanelPublisher } from '../publishing/panel-publisher.service';
import type { PanelSession } from './panel-session';
import type { ReadingPauses } from './reading-pauses.service';

/** What a panel connection needs from the gateway around it. */
export interface SessionContext {
  config: PanelListenerConfig;
  publisher: PanelPublisher;
  metrics: GatewayMetrics;
  /** The panels this gateway stopped reading from while NATS is behind. */
  readingPauses: Pick<ReadingPauses, 'pause' | 'resume'>;
  identities: { authenticate(hwaddr: string, nonce: string, signature: string): Promise<DeviceAuthOutcome> };
  registry: { add(session: PanelSession): void; remove(session: PanelSession): void };
  commandRouter: { serve(session: PanelSession): () => void };
  /** Keeps a background publish (a disconnect) so that shutdown can wait for it. */
  track(work: Promise<unknown>): void;
  isStopping(): boolean;
}
