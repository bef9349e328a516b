import type { INestApplication } from '@nestjs/common';
import { ALERT_CATEGORIES, type QueueName } from '@app/contracts';
import { NatsService, QueueService } from '@app/messaging';
import { waitUntil } from '@app/testing';

/**
 * Waits until the app's alert consumers (`consumer`: the mailer's mails or its webhooks) have been
 * handed and have acked every event published before the call, and `queue` has no job waiting,
 * running or due for a retry.
 */
export async function alertsSettled(
  app: INestApplication,
  consumer: 'mailer' | 'webhooks',
  queueName: QueueName,
): Promise<void> {
  const nats = app.get(NatsService);
  const queue = app.get(QueueService).queue(queueName);
  const stream = nats.names.streams.panelEvents;
  const durables = ALERT_CATEGORIES.map((category) => nats.names.consumers[consumer](category));
  // The last event each consumer is owed now. The server counts a consumer's pending messages as it
  // learns of new ones (nats-server 2.10 on): right after a publish's ack a consumer can show none
  // pending although it has not been handed the event yet, so its pending count alone is not enough.
  const owed = await Promise.all(
    durables.map(async (durable) => {
      const { config } = await nats.manager.consumers.info(stream, durable);
      const filter = config.filter_subject;
      if (!filter) return 0;
      return nats.manager.streams.getMessage(stream, { last_by_subj: filter }).then(
        (message) => message?.seq ?? 0,
        () => 0,
      );
    }),
  );
  await waitUntil(
    async () => {
      const infos = await Promise.all(durables.map((durable) => nats.manager.consumers.info(stream, durable)));
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return (
        infos.every(
          (info, index) =>
            info.delivered.stream_seq >= owed[index] && info.num_pending === 0 && info.num_ack_pending === 0,
        ) && Object.values(counts).every((count) => count === 0)
      );
    },
    `events acked by ${consumer} and its jobs finished`,
    30_000,
  );
}
