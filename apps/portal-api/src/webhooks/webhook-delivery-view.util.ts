import type { WebhookDeliveryView } from '@app/contracts';
import type { WebhookAttemptEntity, WebhookDeliveryEntity } from '@app/database';

/** A delivery and its tries as the API answers them. */
export function toWebhookDeliveryView(
  delivery: WebhookDeliveryEntity,
  attempts: WebhookAttemptEntity[],
): WebhookDeliveryView {
  return {
    messageId: delivery.messageId,
    type: delivery.type,
    state: delivery.state,
    createdAt: delivery.createdAt.toISOString(),
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    reason: delivery.reason,
    possibleRepeat: delivery.possibleRepeat,
    attempts: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      at: attempt.startedAt.toISOString(),
      statusCode: attempt.statusCode,
      error: attempt.error,
      durationMs: attempt.finishedAt ? attempt.finishedAt.getTime() - attempt.startedAt.getTime() : null,
    })),
  };
}
