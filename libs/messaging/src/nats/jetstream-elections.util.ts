import { JetStreamApiError } from '@nats-io/jetstream';
import { RequestError, TimeoutError } from '@nats-io/transport-node';

/**
 * JetStream's answers while a clustered request meets an election: 'JetStream system temporarily
 * unavailable' (10008: no meta leader, or none yet for the stream or consumer) and 'JetStream cluster
 * can not handle request' (10009: the leader changed under the request). A request that meets one
 * may also get no answer at all (a timeout).
 */
const ELECTION_ERROR_CODES: ReadonlySet<number> = new Set([10008, 10009]);

/**
 * How long an app's start keeps trying JetStream requests that met an election: several elections
 * (4 to 9 s each on nats-server 2.9, longer on a busy machine), far less than a start's own bound.
 */
export const START_THROUGH_ELECTIONS_MS = 60_000;
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 2000;

/** A request that got no answer in time. */
export function isTimeout(error: unknown): boolean {
  return error instanceof TimeoutError || (error instanceof RequestError && error.cause instanceof TimeoutError);
}

/** Whether a JetStream request failed because the cluster was electing a leader for it. */
export function metElection(error: unknown): boolean {
  if (error instanceof JetStreamApiError) return ELECTION_ERROR_CODES.has(error.code);
  return isTimeout(error);
}

export interface ThroughElectionsOptions {
  logger: { warn(fields: object, message: string): void };
  /** How long to keep trying (START_THROUGH_ELECTIONS_MS). */
  withinMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Runs a start's JetStream step (idempotent: creating or updating streams, buckets, consumers) again
 * while it fails because the cluster is electing a leader, as it does for a few seconds when the
 * cluster has just formed, lost a server or is starved of CPU. Apps started beside a cluster that is
 * starting or rolling would otherwise stop at once and be restarted; any other error is thrown.
 */
export async function throughElections<T>(
  what: string,
  step: () => Promise<T>,
  options: ThroughElectionsOptions,
): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = Date.now() + (options.withinMs ?? START_THROUGH_ELECTIONS_MS);
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!metElection(error) || Date.now() >= deadline) throw error;
      const retryInMs = Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), MAX_RETRY_MS);
      options.logger.warn({ err: error, attempt, retryInMs }, `${what}: JetStream is electing a leader, trying again`);
      await sleep(retryInMs);
    }
  }
}
