import { WebSocket } from 'ws';
import { LIVEFEED_PATH } from '@app/contracts';

/** Arrival of one LogEvent at one socket. */
export interface LiveArrival {
  key: string;
  at: number;
}

/**
 * Browser sockets on the live feed, each signed in with a claims token, recording when each
 * LogEvent (keyed hwaddr/title) arrives. Only counts and times are kept, so thousands fit.
 */
export class LiveSockets {
  readonly sockets: WebSocket[] = [];
  /** Per key, how many sockets got it and when the first and the last did. */
  readonly arrivals = new Map<string, { count: number; first: number; last: number }>();
  received = 0;
  closed = 0;

  constructor(private readonly url: string) {}

  static forPortal(port: number): LiveSockets {
    return new LiveSockets(`ws://127.0.0.1:${port}${LIVEFEED_PATH}`);
  }

  async open(count: number, token: string, slice = 250): Promise<void> {
    for (let start = 0; start < count; start += slice) {
      const opening: Array<Promise<void>> = [];
      for (let index = start; index < Math.min(count, start + slice); index++) opening.push(this.openOne(token));
      await Promise.all(opening);
    }
  }

  private openOne(token: string): Promise<void> {
    const socket = new WebSocket(this.url, { perMessageDeflate: false });
    this.sockets.push(socket);
    socket.on('message', (data: Buffer) => this.onMessage(data));
    socket.on('close', () => this.closed++);
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => {
        socket.send(JSON.stringify({ type: 'TOKEN_SET', data: { token } }));
        resolve();
      });
    });
  }

  private onMessage(data: Buffer): void {
    const at = performance.now();
    const text = data.toString('utf8');
    // Several messages queued within the emit delay may leave in one frame as a JSON array.
    const parsed = JSON.parse(text) as unknown;
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      const typed = message as { type?: string; data?: { hwaddr?: string; title?: string } };
      if (typed.type !== 'LogEvent' || !typed.data) continue;
      this.received++;
      const key = `${typed.data.hwaddr}/${typed.data.title}`;
      const seen = this.arrivals.get(key);
      if (seen) {
        seen.count++;
        seen.last = at;
      } else this.arrivals.set(key, { count: 1, first: at, last: at });
    }
  }

  close(): void {
    for (const socket of this.sockets) socket.terminate();
  }
}
