/**
 * Wakes every publish retry that is waiting out its backoff. The gateway's publisher calls it when
 * its NATS connection comes back, so a retry after a long outage (its backoff grown to the
 * maximum) runs at once instead of up to one backoff late. It is process-wide because the
 * retries belong to the panel sessions, which hold no NATS connection of their own; a wake from
 * another connection of the same process only costs a retry one attempt early.
 */
const listeners = new Set<() => void>();

export function onPublishRetryWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wakePublishRetries(): void {
  for (const listener of [...listeners]) listener();
}
