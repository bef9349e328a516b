import { JetStreamApiError } from '@nats-io/jetstream';
import { RequestError, TimeoutError } from '@nats-io/transport-node';

/**
 * JetStream's answers while a clustered request meets an election: 'JetStream system temporarily
 * unavailable' (10008: no meta leader, or none yet for the stream or consumer) and 'JetStream cluster
 * can not handle request' (10009: the leader changed under the request). A request may also get no
 * answer at all (a timeout): on nats-server 2.9 only a stream's leader answers its info, update or a
 * duplicate create, and a stream that another copy of an app is creating or scaling (1 to 3 copies)
 * at that moment has none for a while, so every server stays silent (measured: most rounds of three
 * copies starting together on a cluster, however long it had been up).
 */
const ELECTION_ERROR_CODES: ReadonlySet<number> = new Set([10008, 10009]);

/**
 * How long an app's start keeps trying JetStream requests that met an election: several elections
 * (4 to 9 s each on nats-server 2.9, longer on a busy machine), far less than a start's own bound.
 */
export const START_THROUGH_ELECTIONS_MS = 60_000;
/**
 * How long a start's JetStream request waits for its answer, instead of the client's 5 s: a request
 * the servers dropped (above) is sent again sooner. Answers came within 0.8 s with both cores busy.
 */
export const START_REQUEST_TIMEOUT_MS = 2000;
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
 * while it fails because a leader is missing: the cluster electing one (it has just formed, lost a
 * server or is starved of CPU), or a stream that another copy starting beside this one is creating
 * or scaling. Such copies would otherwise stop at once and be restarted; any other error is thrown.
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
      options.logger.warn(
        { err: error, attempt, retryInMs },
        `${what}: JetStream has no leader for it yet, trying again`,
      );
      await sleep(retryInMs);
    }
  }
}
