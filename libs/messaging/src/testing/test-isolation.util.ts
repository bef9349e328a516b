import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';

/** A name unique to one test run: safe as a NATS prefix, a Redis key prefix and a database name part. */
export function uniqueTestName(label = 't'): string {
  return `${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

export const TEST_NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Removes every stream and KV bucket a test run created under its prefix. */
export async function removeNatsPrefix(prefix: string, url = TEST_NATS_URL): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    const names: string[] = [];
    for await (const name of jsm.streams.names()) names.push(name);
    for (const name of names) {
      if (name.startsWith(`${prefix}_`) || name.startsWith(`KV_${prefix}_`)) await jsm.streams.delete(name);
    }
  } finally {
    await nc.close();
  }
}

/** Removes every Redis key a test run created under its prefix. */
export async function removeRedisPrefix(prefix: string, url = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
