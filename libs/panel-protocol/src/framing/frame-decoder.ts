import { FRAME_HEADER_BYTES } from '../protocol.constants';
import { ProtocolError } from '../protocol-error';

/**
 * Cuts a byte stream into frame bodies. A length over the limit is refused as soon as its header
 * arrives, so a peer can never make us buffer more than one maximal frame.
 */
export class FrameDecoder {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly maxFrameBytes: number) {}

  /** Bytes received but not yet part of a complete frame. */
  get bufferedBytes(): number {
    return this.pendingBytes;
  }

  /** Adds received bytes and returns the bodies of the frames they complete, in order. */
  push(chunk: Buffer): Buffer[] {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    const bodies: Buffer[] = [];
    while (this.pendingBytes >= FRAME_HEADER_BYTES) {
      const header = this.peek(FRAME_HEADER_BYTES);
      const length = header.readUInt32BE(0);
      if (length === 0) throw new ProtocolError('empty-frame', 'frame length 0');
      if (length > this.maxFrameBytes) {
        throw new ProtocolError(
          'frame-too-large',
          `frame of ${length} bytes exceeds the limit of ${this.maxFrameBytes}`,
        );
      }
      if (this.pendingBytes < FRAME_HEADER_BYTES + length) break;
      const frame = this.take(FRAME_HEADER_BYTES + length);
      bodies.push(frame.subarray(FRAME_HEADER_BYTES));
    }
    return bodies;
  }

  private peek(bytes: number): Buffer {
    if (this.pending[0].length < bytes) this.pending = [Buffer.concat(this.pending)];
    return this.pending[0].subarray(0, bytes);
  }

  private take(bytes: number): Buffer {
    const all = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    const taken = all.subarray(0, bytes);
    const rest = all.subarray(bytes);
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingBytes = rest.length;
    return taken;
  }
}
