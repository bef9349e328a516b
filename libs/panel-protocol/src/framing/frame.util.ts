import { FRAME_HEADER_BYTES } from '../protocol.constants';
import { ProtocolError } from '../protocol-error';

/** One frame on the wire: a 4-byte big-endian body length, then the body (UTF-8 JSON). */
export function encodeFrame(body: Buffer, maxFrameBytes: number): Buffer {
  if (body.length === 0) throw new ProtocolError('empty-frame', 'a frame body may not be empty');
  if (body.length > maxFrameBytes) {
    throw new ProtocolError('frame-too-large', `body of ${body.length} bytes exceeds the limit of ${maxFrameBytes}`);
  }
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + body.length);
  frame.writeUInt32BE(body.length, 0);
  body.copy(frame, FRAME_HEADER_BYTES);
  return frame;
}
