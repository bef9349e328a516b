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
