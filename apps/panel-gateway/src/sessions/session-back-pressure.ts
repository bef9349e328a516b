import type { Socket } from 'node:net';
import type { SessionLink } from './session-link.types';
import { PublishQueue } from './publish-queue';
import type { SupervisionTimer } from './supervision-timer';

/** Jobs waiting on NATS before the gateway stops reading from the panel. */
export const PUBLISH_HIGH_WATER = 64;

/**
 * The connection's queue of work that waits on NATS. While NATS is behind, the gateway stops
 * reading from the panel (and stops supervising it: the silence is ours), and starts again once
 * the queue has drained: memory stays bounded and the panel keeps its unacked events. The
 * gateway's ReadingPauses counts the panels held back and says so once for all of them.
 */
export function backPressureQueue(link: SessionLink, socket: Socket, supervision: SupervisionTimer): PublishQueue {
  return new PublishQueue(
    PUBLISH_HIGH_WATER,
    {
      pause: () => {
        link.context.readingPauses.pause(link.logFields);
        socket.pause();
        supervision.stop();
      },
      resume: () => {
        link.context.readingPauses.resume(link.logFields);
        // Released because the connection closed: there is nothing more to read or supervise.
        if (link.state === 'closed') return;
        supervision.start();
        socket.resume();
      },
    },
    (error) => link.logger.error({ ...link.logFields, err: error }, 'publish queue failed'),
  );
}
