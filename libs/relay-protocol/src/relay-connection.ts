import { Socket } from 'node:net';
import { FRAME_SIZE } from './relay-protocol.constants';
import { connectionError, describeTarget, RelayError } from './relay-error';

export interface RelayEndpoint {
  /** What the user typed, for messages. */
  host: string;
  /** The checked address actually connected to. */
  address: string;
  port: number;
}

/**
 * One TCP connection to a board carrying one 32-byte request and its 32-byte reply at a time. The
 * board ignores anything shorter than a frame, so replies are accumulated until complete.
 */
export class RelayConnection {
  private buffered = Buffer.alloc(0);
  private waiter: { resolve: (frame: Buffer) => void; reject: (error: Error) => void } | null = null;
  private failure: RelayError | null = null;

  private constructor(
    private readonly socket: Socket,
    private readonly endpoint: RelayEndpoint,
  ) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.deliver();
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      this.fail(connectionError(endpoint.host, endpoint.port, error)),
    );
    socket.on('close', () =>
      this.fail(
        new RelayError(
          'closed',
          `Relay ${describeTarget(endpoint.host, endpoint.port)} closed the connection before answering`,
        ),
      ),
    );
  }

  static open(endpoint: RelayEndpoint, timeoutMs: number): Promise<RelayConnection> {
    return new Promise((resolve, reject) => {
      const socket = new Socket();
      const timer = setTimeout(() => {
        socket.destroy();
        reject(
          new RelayError(
            'timeout',
            `Relay ${describeTarget(endpoint.host, endpoint.port)} did not accept a connection within ${timeoutMs} ms: check the address, the port forwarding and that the relay is powered`,
          ),
        );
      }, timeoutMs);
      socket.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        socket.destroy();
        reject(connectionError(endpoint.host, endpoint.port, error));
      });
      socket.connect({ host: endpoint.address, port: endpoint.port }, () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        socket.setNoDelay(true);
        resolve(new RelayConnection(socket, endpoint));
      });
    });
  }

  /** Sends one frame in one write and waits for one whole reply frame. */
  exchange(frame: Buffer, timeoutMs: number): Promise<Buffer> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.waiter) return Promise.reject(new Error('one request at a time per relay connection'));
    return new Promise<Buffer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        const partial = this.buffered.length;
        this.close();
        reject(
          new RelayError(
            partial > 0 ? 'wrong-password' : 'timeout',
            partial > 0
              ? `Relay ${describeTarget(this.endpoint.host, this.endpoint.port)} answered ${partial} bytes instead of an encrypted reply: set it to the AES Binary command set`
              : `Relay ${describeTarget(this.endpoint.host, this.endpoint.port)} did not answer within ${timeoutMs} ms: check that it is set to the AES Binary command set`,
          ),
        );
      }, timeoutMs);
      this.waiter = {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.socket.write(frame);
      this.deliver();
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private deliver(): void {
    if (!this.waiter || this.buffered.length < FRAME_SIZE) return;
    const reply = this.buffered.subarray(0, FRAME_SIZE);
    // Bytes beyond one frame are not part of any reply the board sends for one request.
    this.buffered = Buffer.alloc(0);
    const waiter = this.waiter;
    this.waiter = null;
    waiter.resolve(Buffer.from(reply));
  }

  private fail(error: RelayError): void {
    this.failure ??= error;
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.reject(this.failure);
  }
}
