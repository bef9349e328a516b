import { WebSocket } from 'ws';
import { LivefeedOutbox } from './livefeed-outbox';
import { encodeTextFrame } from './websocket-frame.util';

/**
 * The emit window on a fake clock: what a burst costs in writes does not depend on the machine's
 * speed here. The socket is the few members of `ws` the outbox touches, its TCP socket a recorder.
 */
describe('LivefeedOutbox', () => {
  const EMIT_DELAY_MS = 10;
  let writes: Buffer[];
  let flushes: number[];
  let overflows: number;
  let socket: {
    readyState: number;
    bufferedAmount: number;
    _socket: { write(data: Buffer): boolean };
    terminate: jest.Mock;
  };
  let outbox: LivefeedOutbox;

  beforeEach(() => {
    jest.useFakeTimers();
    writes = [];
    flushes = [];
    overflows = 0;
    socket = {
      readyState: WebSocket.OPEN,
      bufferedAmount: 0,
      _socket: { write: (data) => writes.push(Buffer.from(data)) > 0 },
      terminate: jest.fn(),
    };
    outbox = new LivefeedOutbox(
      socket as unknown as WebSocket,
      { emitDelayMs: EMIT_DELAY_MS, maxBufferedBytes: 1024 },
      {
        flushed: (count) => flushes.push(count),
        overflowed: () => (overflows += 1),
      },
    );
  });

  afterEach(() => jest.useRealTimers());

  const frame = (text: string) => Buffer.from(text);

  it('writes a burst queued within the window in one write, in order, when the window ends', () => {
    const frames = Array.from({ length: 200 }, (_, i) => frame(`m${i};`));
    for (const each of frames) outbox.push(each);
    jest.advanceTimersByTime(EMIT_DELAY_MS - 1);
    expect(writes).toEqual([]);

    jest.advanceTimersByTime(1);
    expect(flushes).toEqual([200]);
    expect(writes).toEqual([Buffer.concat(frames)]);
  });

  it('starts the window with the first message: a later one does not push the flush back', () => {
    outbox.push(frame('a'));
    jest.advanceTimersByTime(EMIT_DELAY_MS - 1);
    outbox.push(frame('b'));
    jest.advanceTimersByTime(1);
    expect(writes.map(String)).toEqual(['ab']);

    outbox.push(frame('c'));
    jest.advanceTimersByTime(EMIT_DELAY_MS);
    expect(writes.map(String)).toEqual(['ab', 'c']);
    expect(flushes).toEqual([2, 1]);
  });

  it('writes the messages of a window as one frame of a JSON array once the socket asked for batches', () => {
    outbox.batched = true;
    outbox.push(encodeTextFrame('{"type":"INIT","data":{}}'));
    outbox.push(encodeTextFrame('{"type":"Resync","data":{"hwaddr":"0011aabbccdd"},"seq":1}'));
    jest.advanceTimersByTime(EMIT_DELAY_MS);
    expect(writes).toEqual([
      encodeTextFrame('[{"type":"INIT","data":{}},{"type":"Resync","data":{"hwaddr":"0011aabbccdd"},"seq":1}]'),
    ]);
    expect(flushes).toEqual([2]);
    // A window of one message keeps its frame as it is.
    outbox.push(encodeTextFrame('{"type":"AUTH_CHK","data":{}}'));
    jest.advanceTimersByTime(EMIT_DELAY_MS);
    expect(writes[1]).toEqual(encodeTextFrame('{"type":"AUTH_CHK","data":{}}'));
  });

  it('terminates the socket instead of queueing past the limit, and writes nothing more', () => {
    socket.bufferedAmount = 1000;
    outbox.push(frame('x'.repeat(24)));
    expect(overflows).toBe(0);
    outbox.push(frame('y'));
    expect(overflows).toBe(1);
    expect(socket.terminate).toHaveBeenCalledTimes(1);
    outbox.push(frame('z'));
    jest.advanceTimersByTime(EMIT_DELAY_MS);
    expect(writes).toEqual([]);
    expect(flushes).toEqual([]);
  });
});
