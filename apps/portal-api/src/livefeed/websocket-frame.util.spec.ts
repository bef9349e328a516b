import { Receiver } from 'ws';
import { encodeTextFrame } from './websocket-frame.util';

/** What `ws`'s own frame parser (a client's side) reads from the bytes. */
function readBack(frame: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const messages: string[] = [];
    const receiver = new Receiver({ isServer: false });
    receiver.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) reject(new Error('binary frame'));
      messages.push(data.toString('utf8'));
    });
    receiver.on('error', reject);
    receiver.write(frame, undefined, () => resolve(messages));
  });
}

describe('encodeTextFrame', () => {
  it.each([
    ['a short message', 'x'.repeat(10)],
    ['the longest with a one-byte length', 'x'.repeat(125)],
    ['one with a 16-bit length', 'é'.repeat(200)],
    ['the longest with a 16-bit length', 'x'.repeat(0xffff)],
    ['one with a 64-bit length', 'x'.repeat(0x10000)],
  ])('frames %s as one unmasked text frame', async (_name, text) => {
    expect(await readBack(encodeTextFrame(text))).toEqual([text]);
  });

  it('frames UTF-8 bytes as they are, and frames in a row read back in order', async () => {
    const frames = Buffer.concat([encodeTextFrame(Buffer.from('{"type":"LogEvent"}')), encodeTextFrame('{"type":"AUTH_CHK"}')]);
    expect(await readBack(frames)).toEqual(['{"type":"LogEvent"}', '{"type":"AUTH_CHK"}']);
  });
});
