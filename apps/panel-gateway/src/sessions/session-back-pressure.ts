import type { Socket } from 'node:net';
import type { SessionLink } from './session-link.types';
import { PublishQueue } from './publish-queue';
import type { SupervisionTimer } from './supervision-timer';

/** Jobs waiting on NATS before the gateway stops reading from the panel. */
export const PUBLISH_HIGH_WATER = 64;

/**
 * The connection's queue of work that waits on NATS. While NATS is behind, the gateway stops
 * reading from the panel (and stops supervising it: the silence is ours), and starts again once
 * the queue has drained: memory stays bounded and the panel keeps its unacked events.
 */
export function backPressureQueue(link: SessionLink, socket: Socket, supervision: SupervisionTimer): PublishQueue {
  return new PublishQueue(
    PUBLISH_HIGH_WATER,
    {
      pause: () => {
        link.logger.warn(link.logFields, 'NATS is behind, no longer reading from the panel');
        socket.pause();
        supervision.stop();
      },
      resume: () => {
        link.logger.log(link.logFields, 'NATS caught up, reading from the panel again');
        supervision.start();
        socket.resume();
      },
    },
    (error) => link.logger.error({ ...link.logFields, err: error }, 'publish queue failed'),
  );
}
