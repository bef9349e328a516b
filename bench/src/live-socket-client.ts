import { WebSocket } from 'ws';
import { emptyLiveReport, LiveSocketReader, type LiveClientReport } from './live-client-reader.util';
import { monotonicMs } from './monotonic-clock.util';

/** What the bench asks a client process over IPC (each with an id its answer repeats). */
export type LiveClientRequest =
  | {
      id: number;
      kind: 'open';
      /** Socket `index` of this process connects to `urls[(first + index) % urls.length]`. */
      urls: string[];
      first: number;
      count: number;
      /** Sent as TOKEN_SET once open, asking for batches as the web client does (null: a server that needs none). */
      token: string | null;
    }
  | { id: number; kind: 'report' };

export type LiveClientAnswer =
  | { id: number; kind: 'opened'; open: number }
  | { id: number; kind: 'report'; report: LiveClientReport; open: number; closed: number }
  | { id: number; kind: 'failed'; error: string };

const BATCH = process.env.BENCH_LIVE_BATCH !== '0';

/**
 * A process of browser sockets on the live feed (this program started with `live-socket-client`
 * and an IPC channel): it opens the sockets the bench asks for, handles each frame as the web
 * client does (LiveSocketReader), and answers reports of what arrived and when, on the machine's
 * monotonic clock. It ends with its IPC channel (the bench stopped or died).
 */
export function runLiveSocketClient(): void {
  const sockets: WebSocket[] = [];
  const report = emptyLiveReport();
  let closed = 0;
  const answer = (message: LiveClientAnswer) => process.send?.(message);

  const openOne = (url: string, token: string | null) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      const reader = new LiveSocketReader(report);
      sockets.push(socket);
      socket.on('message', (data: Buffer) => reader.read(data.toString('utf8'), monotonicMs()));
      socket.on('close', () => closed++);
      socket.once('error', reject);
      socket.once('open', () => {
        // As the web client: the messages of one emit window in one frame (BENCH_LIVE_BATCH=0: one per frame).
        if (token !== null) socket.send(JSON.stringify({ type: 'TOKEN_SET', data: { token, batch: BATCH } }));
        resolve();
      });
    });

  process.on('message', (request: LiveClientRequest) => {
    void (async () => {
      try {
        if (request.kind === 'open') {
          for (let start = 0; start < request.count; start += 250) {
            const opening: Array<Promise<void>> = [];
            for (let index = start; index < Math.min(request.count, start + 250); index++)
              opening.push(openOne(request.urls[(request.first + index) % request.urls.length], request.token));
            await Promise.all(opening);
          }
          answer({ id: request.id, kind: 'opened', open: sockets.length });
        } else {
          answer({ id: request.id, kind: 'report', report, open: sockets.length - closed, closed });
        }
      } catch (error) {
        answer({ id: request.id, kind: 'failed', error: (error as Error).message });
      }
    })();
  });
  process.on('disconnect', () => {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  });
}
