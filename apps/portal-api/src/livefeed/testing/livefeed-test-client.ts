import type { Socket } from 'node:net';
import { WebSocket } from 'ws';
import { LIVEFEED_PATH, parseLivefeedFrame, type LivefeedMessage } from '@app/contracts';
import { waitUntil } from '@app/testing';

/** A browser's side of the live feed for tests: records every message and how the socket closed. */
export class LivefeedTestClient {
  readonly messages: LivefeedMessage[] = [];
  /** Frames received, and those that held several messages (a JSON array: the socket asked for batches). */
  frames = 0;
  batchFrames = 0;
  closed: { code: number; reason: string } | undefined;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      const messages = parseLivefeedFrame(text);
      if (messages.length === 0) throw new Error(`Unexpected live feed frame: ${text}`);
      this.frames++;
      if (text.startsWith('[')) this.batchFrames++;
      this.messages.push(...messages);
    });
    socket.on('close', (code, reason) => (this.closed = { code, reason: reason.toString('utf8') }));
  }

  /** Opens a socket to the app on `port`; `autoPong: false` plays a browser that stopped answering. */
  static async connect(port: number, options: { autoPong?: boolean } = {}): Promise<LivefeedTestClient> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${LIVEFEED_PATH}`, { autoPong: options.autoPong ?? true });
    const client = new LivefeedTestClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  /** The client's TCP port: the server sees it as the remote port of this socket. */
  get localPort(): number | undefined {
    return (this.socket as unknown as { _socket?: Socket })._socket?.localPort;
  }

  /**
   * TOKEN_SET with the token as `{ token }` (`form: 'object'`, `{ token, batch: true }` with
   * `'batch'`: the messages of one emit window in one frame) or as the data itself (`'string'`).
   */
  sendToken(token: string, form: 'object' | 'string' | 'batch' = 'object'): void {
    const data = form === 'string' ? token : form === 'batch' ? { token, batch: true } : { token };
    this.socket.send(JSON.stringify({ type: 'TOKEN_SET', data }));
  }

  /** Any text frame, as a broken client might send it. */
  sendRaw(text: string): void {
    this.socket.send(text);
  }

  of<T extends LivefeedMessage['type']>(type: T): Array<Extract<LivefeedMessage, { type: T }>> {
    return this.messages.filter((message): message is Extract<LivefeedMessage, { type: T }> => message.type === type);
  }

  waitFor(predicate: (message: LivefeedMessage) => boolean, description: string): Promise<LivefeedMessage> {
    return waitUntil(() => this.messages.find(predicate), description);
  }

  waitForClose(description: string): Promise<{ code: number; reason: string }> {
    return waitUntil(() => this.closed, description);
  }

  /** Stops reading from the TCP socket, as a browser on a saturated link would. */
  stopReading(): void {
    (this.socket as unknown as { _socket: Socket })._socket.pause();
  }

  close(): void {
    this.socket.terminate();
  }
}
