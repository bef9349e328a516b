/**
 * A complete websocket text frame as a server sends it (RFC 6455 5.2: FIN set, opcode 1, no mask),
 * so that one live message is framed once and the same bytes are written to every socket that
 * gets it, instead of `ws` framing it again for each of them.
 */
export function encodeTextFrame(payload: string | Uint8Array): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  const length = body.byteLength;
  const headerLength = length < 126 ? 2 : length <= 0xffff ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length <= 0xffff) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  frame.set(body, headerLength);
  return frame;
}

function headerLengthOf(frame: Buffer): number {
  const marker = frame[1] & 0x7f;
  return marker < 126 ? 2 : marker === 126 ? 4 : 10;
}

/**
 * One text frame whose payload is the JSON array of the payloads of `frames` (text frames of one
 * JSON message each, as `encodeTextFrame` makes them), in order: the messages of one emit window
 * for a socket that asked for them in one frame. Built in one buffer, without copying twice.
 */
export function encodeBatchFrame(frames: readonly Buffer[]): Buffer {
  // '[' and ']', and a comma between two messages.
  let length = frames.length + 1;
  for (const frame of frames) length += frame.byteLength - headerLengthOf(frame);
  const headerLength = length < 126 ? 2 : length <= 0xffff ? 4 : 10;
  const batch = Buffer.allocUnsafe(headerLength + length);
  batch[0] = 0x81;
  if (length < 126) {
    batch[1] = length;
  } else if (length <= 0xffff) {
    batch[1] = 126;
    batch.writeUInt16BE(length, 2);
  } else {
    batch[1] = 127;
    batch.writeBigUInt64BE(BigInt(length), 2);
  }
  let offset = headerLength;
  batch[offset++] = 0x5b; // [
  frames.forEach((frame, index) => {
    if (index > 0) batch[offset++] = 0x2c; // ,
    offset += frame.copy(batch, offset, headerLengthOf(frame));
  });
  batch[offset] = 0x5d; // ]
  return batch;
}
