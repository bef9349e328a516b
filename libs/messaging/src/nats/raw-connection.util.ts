import type { NatsConnection } from '@nats-io/transport-node';
import type { NatsService } from './nats.service';

/**
 * The raw client connection of a NatsService, for libs/messaging's own handler registry and test
 * helpers only: not exported from the library's index, so the apps go through NatsService's methods.
 */
export function rawConnection(nats: NatsService): NatsConnection {
  return nats['connection'];
}
