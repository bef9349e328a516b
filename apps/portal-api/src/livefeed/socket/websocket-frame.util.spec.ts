import { createHash } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { WebSocket } from 'ws';
import { encodeBatchFrame, encodeTextFrame } from './websocket-frame.util';

const HANDSHAKE_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/**
 * What a real `ws` client reads from the bytes: a bare TCP server answers the upgrade (RFC 6455
 * 4.2.2), writes `bytes` and nothing else; the client collects the text messages it parses.
 */
async function readBack(bytes: Buffer, expected: number): Promise<string[]> {
  const server: Server = createServer((socket) => {
    socket.once('data', (request) => {
      const key = /sec-websocket-key: *(\S+)/i.exec(request.toString('latin1'))?.[1] ?? '';
      const accept = createHash('sha1')
        .update(key + HANDSHAKE_GUID)
        .digest('base64');
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
      );
      socket.write(bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, {
    perMessageDeflate: false,
  });
  try {
    return await new Promise<string[]>((resolve, reject) => {
      const messages: string[] = [];
      client.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) reject(new Error('a binary frame'));
        messages.push(data.toString('utf8'));
        if (messages.length === expected) resolve(messages);
      });
      client.on('error', reject);
      client.on('close', (code) => reject(new Error(`closed with ${code} after ${messages.length} message(s)`)));
    });
  } finally {
    client.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('encodeTextFrame', () => {
  it.each([
    ['a short message', 'x'.repeat(10)],
    ['the longest with a one-byte length', 'x'.repeat(125)],
    ['multi-byte characters with a 16-bit length', 'é'.repeat(200)],
    ['the longest with a 16-bit length', 'x'.repeat(0xffff)],
    ['one with a 64-bit length', 'x'.repeat(0x10000)],
  ])('frames %s as one unmasked text frame a client reads back', async (_name, text) => {
    expect(await readBack(encodeTextFrame(text), 1)).toEqual([text]);
  });

  it('frames UTF-8 bytes as they are, and frames in a row read back in order', async () => {
    const frames = Buffer.concat([
      encodeTextFrame(Buffer.from('{"type":"LogEvent"}')),
      encodeTextFrame('{"type":"AUTH_CHK"}'),
    ]);
    expect(await readBack(frames, 2)).toEqual(['{"type":"LogEvent"}', '{"type":"AUTH_CHK"}']);
  });
});

describe('encodeBatchFrame', () => {
  it.each([
    ['short messages', ['{"a":1}', '{"b":"é"}', '{"c":[]}']],
    ['a batch past the one-byte length', ['{"a":"x"}', `{"b":"${'x'.repeat(200)}"}`]],
    [
      'messages of every length form',
      [`{"a":"${'x'.repeat(100)}"}`, `{"b":"${'y'.repeat(300)}"}`, `{"c":"${'z'.repeat(0x10000)}"}`],
    ],
  ])('frames %s as one JSON array a client reads back in order', async (_name, messages) => {
    const [text] = await readBack(encodeBatchFrame(messages.map((message) => encodeTextFrame(message))), 1);
    expect(JSON.parse(text)).toEqual(messages.map((message) => JSON.parse(message) as unknown));
  });
});
