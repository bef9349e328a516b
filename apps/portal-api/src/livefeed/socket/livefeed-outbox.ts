import type { Socket } from 'node:net';
import { WebSocket } from 'ws';
import { LivefeedFlushBytes } from './livefeed-flush-bytes';

export interface LivefeedOutboxOptions {
  emitDelayMs: number;
  maxBufferedBytes: number;
}

export interface LivefeedOutboxHooks {
  /** One flush wrote `count` messages. */
  flushed(count: number): void;
  /** The browser reads too slowly: its socket has been terminated. */
  overflowed(): void;
}

/**
 * A socket's send buffer. The spec's emit delay of 10 ms is read as: the first message queued for a
 * socket starts a 10 ms window, and everything queued for it within that window is written in one
 * flush. Each message keeps its own frame (the browser handles one `{ type, data }` per frame), but
 * the frames of a flush go out in one write, so a burst of alarms costs one write, not one per
 * message. Frames come framed already (`encodeTextFrame`): a message sent to thousands of sockets
 * is framed once, not once per socket, and the bytes of a flush are built once for every socket
 * whose window holds the same frames (LivefeedFlushBytes). A socket that asked for batches
 * (`batched`, TOKEN_SET `batch: true`) gets the frames of a flush as one frame, a JSON array of the
 * messages. Order is kept. When what earlier flushes left unwritten (the
 * socket's `bufferedAmount`: the browser is not reading) plus this queue exceeds the limit, the
 * socket is terminated instead of growing without bound: one slow browser never holds memory or
 * delays anyone else.
 */
export class LivefeedOutbox {
  private frames: Buffer[] = [];
  private queuedBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** The messages of a flush go out as one frame, a JSON array of them. */
  batched = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly options: LivefeedOutboxOptions,
    private readonly hooks: LivefeedOutboxHooks,
    private readonly flushBytes = new LivefeedFlushBytes(),
  ) {}

  push(frame: Buffer): void {
    if (this.closed) return;
    this.frames.push(frame);
    this.queuedBytes += frame.byteLength;
    if (this.overLimit()) {
      this.overflow();
      return;
    }
    this.timer ??= setTimeout(() => this.flush(), this.options.emitDelayMs);
  }

  /** Writes what is queued now (also called by the timer). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.closed || this.frames.length === 0) return;
    if (this.socket.readyState !== WebSocket.OPEN) return;
    const frames = this.frames;
    this.frames = [];
    this.queuedBytes = 0;
    // Whole frames, written to the TCP socket under `ws` (its `_socket`): `ws` sends nothing else
    // but whole frames of its own (pings, close) and no compression is negotiated, so frames never
    // interleave, and what waits in the socket still counts in `bufferedAmount`.
    const raw = (this.socket as unknown as { _socket: Socket })._socket;
    raw.write(this.flushBytes.of(frames, this.batched));
    this.hooks.flushed(frames.length);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.frames = [];
    this.queuedBytes = 0;
  }

  private overLimit(): boolean {
    return this.socket.bufferedAmount + this.queuedBytes > this.options.maxBufferedBytes;
  }

  private overflow(): void {
    this.close();
    // terminate, not close: a close frame would wait behind the very data the browser is not reading.
    this.socket.terminate();
    this.hooks.overflowed();
  }
}
