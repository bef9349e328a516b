export * from './nats/nats.service';
export * from './nats/nats.module';
export * from './nats/nats-request.types';
export { NATS_CORRELATION_ID_HEADER, NATS_USER_ID_HEADER } from './nats/log-context-headers.util';
export * from './nats/nats-topology.util';
export * from './livefeed/live-publisher.service';
export * from './queues/queue.service';
export * from './queues/queue.module';
export * from './queues/redis-connection.util';
export * from './redis/redis-client.service';
export * from './redis/redis-counters';
export * from './redis/redis-locks';
export * from './jobs/job-attempts.util';
export * from './jobs/job-handler.decorator';
export * from './jobs/job-stall.config';
export * from './jobs/job-workers.service';
export * from './jobs/jobs.module';
export * from './jobs/queued-job.util';
export * from './jobs/mail-jobs.util';
export * from './jobs/relay-action-jobs.util';
export * from './jobs/webhook-jobs.util';
export * from './jobs/escalation-jobs.util';
export * from './jobs/push-jobs.util';
export * from './jobs/webhook-retry.config';
// Consumers and subscriptions are declared with the handler decorators and started by MessageHandlers
// (one way for every app): only their types and helpers are exported.
export {
  decodeJson,
  defaultRetryDelayMs,
  type DurableConsumerOptions,
  type DurableMessageInfo,
} from './consumers/durable-consumer';
export type { DurableBatchConsumerOptions } from './consumers/durable-batch-consumer';
export type { DurableConsumerSettings } from './consumers/ensure-durable-consumer.util';
export { GATEWAY_LIVENESS_TTL_MS } from './nats/nats-topology.constants';
export * from './consumers/message-failure.util';
export { checkedJson } from './consumers/checked-json.util';
export { streamSince, type StreamMessage } from './consumers/stream-since.util';
export { consumerAckFloor } from './consumers/consumer-ack-floor.util';
export * from './dead-letters/dead-letter-store';
export * from './dead-letters/dead-letters.service';
export * from './dead-letters/dead-letters.module';
export * from './jobs/record-sweep.config';
export * from './jobs/periodic-sweep';
export * from './jobs/scheduled-sweep';
export * from './handlers/message-handler.decorators';
export * from './handlers/message-handlers.options';
export * from './handlers/message-handlers.service';
export * from './handlers/message-handlers.module';
