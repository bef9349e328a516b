/**
 * How a request/reply ended, as far as NATS goes: an answer (its body decoded as JSON), nobody
 * subscribed to the subject (the server says so at once), or no answer within the wait. Any other
 * failure (the connection closed, a reply that is not JSON) is thrown.
 */
export type NatsRequestResult<T> = { kind: 'ok'; body: T } | { kind: 'no-responders' } | { kind: 'timeout' };

export interface NatsRequestOptions {
  timeoutMs: number;
}

/** A message as a subscriber sees it: the raw message of the client, read through this narrow view. */
export interface NatsMessage {
  readonly subject: string;
  readonly data: Uint8Array;
  string(): string;
  json<T>(): T;
}

/** A KV entry as read from a bucket (the client's entry, through a narrow view). */
export interface KvRecord {
  readonly key: string;
  readonly operation: 'PUT' | 'DEL' | 'PURGE';
  readonly revision: number;
  readonly length: number;
  string(): string;
  json<T>(): T;
}

/** The KV operations the apps use on the topology's buckets. */
export interface KvBucket {
  get(key: string): Promise<KvRecord | null>;
  put(key: string, value: string): Promise<number>;
  /** Writes only while the key is still at `revision` (compare-and-set); rejects otherwise. */
  update(key: string, value: string, revision: number): Promise<number>;
  /** Writes only when the key holds no value; rejects otherwise. */
  create(key: string, value: string): Promise<number>;
  delete(key: string): Promise<void>;
}
