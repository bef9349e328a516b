import type { INestApplication } from '@nestjs/common';
import { ALERT_CATEGORIES, type QueueName } from '@app/contracts';
import { NatsService, QueueService } from '@app/messaging';
import { waitUntil } from '@app/testing';

/**
 * Waits until the app's alert consumers (`consumer`: the mailer's mails or its webhooks) have acked
 * every published event, and `queue` has no job waiting, running or due for a retry.
 */
export async function alertsSettled(
  app: INestApplication,
  consumer: 'mailer' | 'webhooks',
  queueName: QueueName,
): Promise<void> {
  const nats = app.get(NatsService);
  const queue = app.get(QueueService).queue(queueName);
  await waitUntil(
    async () => {
      const infos = await Promise.all(
        ALERT_CATEGORIES.map((category) =>
          nats.manager.consumers.info(nats.names.streams.panelEvents, nats.names.consumers[consumer](category)),
        ),
      );
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return (
        infos.every((info) => info.num_pending === 0 && info.num_ack_pending === 0) &&
        Object.values(counts).every((count) => count === 0)
      );
    },
    `events acked by ${consumer} and its jobs finished`,
    30_000,
  );
}
