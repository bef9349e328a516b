import { env, readConfig } from './env-readers';

type Env = Record<string, string | undefined>;

/** How the durable JetStream consumers of an app treat a message that keeps failing, and a stall. */
export class ConsumerConfig {
  constructor(
    /**
     * A message whose handling fails for a reason of its own (data the database refuses, a payload
     * that breaks the contract) is moved to the dead letters once it has been delivered this many
     * times (CONSUMER_MAX_DELIVERIES). Failures of the infrastructure never count towards it.
     */
    readonly maxDeliveries: number,
    /**
     * A consumer with messages waiting whose ack floor has not moved for this long is reported down
     * by `/healthz` (CONSUMER_STALL_WINDOW).
     */
    readonly stallWindowMs: number,
  ) {}
}

export const consumerSchema = {
  CONSUMER_MAX_DELIVERIES: env.int({ fallback: 5, min: 1, max: 100 }),
  CONSUMER_STALL_WINDOW: env.duration('60s'),
};

export function readConsumerConfig(source: Env = process.env): ConsumerConfig {
  const values = readConfig(consumerSchema, source);
  return new ConsumerConfig(values.CONSUMER_MAX_DELIVERIES, values.CONSUMER_STALL_WINDOW * 1000);
}
