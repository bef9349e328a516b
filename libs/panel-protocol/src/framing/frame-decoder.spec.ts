import { ProtocolError } from '../protocol-error';
import { FrameDecoder } from './frame-decoder';
import { encodeFrame } from './frame.util';

const body = (text: string) => Buffer.from(text, 'utf8');

function reasonOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return error instanceof ProtocolError ? error.reason : 'not a protocol error';
  }
  return undefined;
}

describe('frames', () => {
  it('prefixes the body with its length, big-endian', () => {
    expect([...encodeFrame(body('{}'), 100)]).toEqual([0, 0, 0, 2, 0x7b, 0x7d]);
  });

  it('refuses to encode an empty or oversized body', () => {
    expect(reasonOf(() => encodeFrame(Buffer.alloc(0), 10))).toBe('empty-frame');
    expect(reasonOf(() => encodeFrame(Buffer.alloc(11), 10))).toBe('frame-too-large');
  });

  it('returns whole frames however the bytes are split', () => {
    const stream = Buffer.concat([encodeFrame(body('{"a":1}'), 100), encodeFrame(body('{"b":22}'), 100)]);
    for (let split = 0; split <= stream.length; split++) {
      const decoder = new FrameDecoder(100);
      const bodies = [...decoder.push(stream.subarray(0, split)), ...decoder.push(stream.subarray(split))];
      expect(bodies.map((frame) => frame.toString())).toEqual(['{"a":1}', '{"b":22}']);
      expect(decoder.bufferedBytes).toBe(0);
    }
  });

  it('decodes byte by byte', () => {
    const decoder = new FrameDecoder(100);
    const bodies: string[] = [];
    for (const byte of encodeFrame(body('{"x":"y"}'), 100))
      bodies.push(...decoder.push(Buffer.from([byte])).map(String));
    expect(bodies).toEqual(['{"x":"y"}']);
  });

  it('keeps an incomplete frame until the rest arrives', () => {
    const decoder = new FrameDecoder(100);
    const frame = encodeFrame(body('{"a":1}'), 100);
    expect(decoder.push(frame.subarray(0, 6))).toEqual([]);
    expect(decoder.bufferedBytes).toBe(6);
  });

  it('refuses an oversized frame from its header alone', () => {
    const decoder = new FrameDecoder(10);
    const header = Buffer.alloc(4);
    header.writeUInt32BE(11);
    expect(reasonOf(() => decoder.push(header))).toBe('frame-too-large');
    header.writeUInt32BE(0xffffffff);
    expect(reasonOf(() => new FrameDecoder(10).push(header))).toBe('frame-too-large');
  });

  it('refuses a zero-length frame', () => {
    expect(reasonOf(() => new FrameDecoder(10).push(Buffer.alloc(4)))).toBe('empty-frame');
  });

  it('accepts a frame of exactly the limit', () => {
    const decoder = new FrameDecoder(10);
    expect(decoder.push(encodeFrame(Buffer.alloc(10, 0x20), 10))).toHaveLength(1);
  });
});
