import { connect, type Socket } from 'node:net';
import {
  decodeGatewayMessage,
  encodeMessage,
  FrameDecoder,
  type GatewayMessage,
  type PanelMessage,
} from '@app/panel-protocol';
import { waitUntil } from '@app/testing';

/** A hand-driven panel socket: sends exactly what a test says, records what the gateway answers. */
export class RawPanel {
  readonly received: GatewayMessage[] = [];
  private readonly decoder = new FrameDecoder(16 * 1024 * 1024);
  private ended = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      for (const body of this.decoder.push(chunk)) this.received.push(decodeGatewayMessage(body));
    });
    socket.on('error', () => undefined);
    socket.on('close', () => (this.ended = true));
  }

  static async connect(port: number): Promise<RawPanel> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new RawPanel(socket);
  }

  get isClosed(): boolean {
    return this.ended;
  }

  send(message: PanelMessage | Record<string, unknown>): void {
    this.socket.write(encodeMessage(message as PanelMessage, 16 * 1024 * 1024));
  }

  sendBytes(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  async next<T extends GatewayMessage['type']>(
    type: T,
    timeoutMs = 5000,
  ): Promise<Extract<GatewayMessage, { type: T }>> {
    await waitUntil(() => this.received.some((message) => message.type === type), `a ${type} frame`, timeoutMs);
    const index = this.received.findIndex((message) => message.type === type);
    return this.received.splice(index, 1)[0] as Extract<GatewayMessage, { type: T }>;
  }

  async closed(timeoutMs = 5000): Promise<void> {
    await waitUntil(() => this.ended, 'the gateway to close the connection', timeoutMs);
  }

  destroy(): void {
    this.socket.destroy();
  }
}
