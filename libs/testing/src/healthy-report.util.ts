import type { Server } from 'node:http';
import request, { type Response } from 'supertest';
import { waitUntil } from './wait-until.util';

/**
 * The app's `/healthz` answer once it reports healthy. Each dependency's check has a deadline of its
 * own (3 s), which a busy machine can make one of them miss right after boot: a test that wants the
 * healthy report waits for it rather than taking the first answer.
 */
export async function healthyReport(server: Server, timeoutMs = 20_000): Promise<Response> {
  let last: Response | undefined;
  try {
    return await waitUntil(
      async () => {
        last = await request(server).get('/healthz');
        return last.status === 200 ? last : null;
      },
      'a healthy /healthz',
      timeoutMs,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}; last answer ${last?.status}: ${JSON.stringify(last?.body)}`, {
      cause: error,
    });
  }
}
