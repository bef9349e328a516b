import { LivefeedFlushBytes } from './livefeed-flush-bytes';
import { encodeBatchFrame, encodeTextFrame } from './websocket-frame.util';

describe('LivefeedFlushBytes', () => {
  const first = encodeTextFrame('{"type":"LogEvent","data":{"title":"A"},"seq":1}');
  const second = encodeTextFrame('{"type":"LogEvent","data":{"title":"B"},"seq":2}');

  it('writes a single frame as it is, batched or not', () => {
    const bytes = new LivefeedFlushBytes();
    expect(bytes.of([first], false)).toBe(first);
    expect(bytes.of([first], true)).toBe(first);
  });

  it('builds the bytes of a flush once for every socket whose window holds the same frames', () => {
    const bytes = new LivefeedFlushBytes();
    const joined = bytes.of([first, second], false);
    expect(joined).toEqual(Buffer.concat([first, second]));
    // Another socket's window: a list of its own, the same frames.
    expect(bytes.of([first, second], false)).toBe(joined);
    const batch = bytes.of([first, second], true);
    expect(batch).toEqual(encodeBatchFrame([first, second]));
    expect(bytes.of([first, second], true)).toBe(batch);
  });

  it('builds them again for other frames, or the same in another order', () => {
    const bytes = new LivefeedFlushBytes();
    const joined = bytes.of([first, second], false);
    expect(bytes.of([second, first], false)).toEqual(Buffer.concat([second, first]));
    // An equal copy of a frame is another message (each is framed once for all its sockets).
    const copy = Buffer.from(second);
    expect(bytes.of([first, copy], false)).not.toBe(joined);
    expect(bytes.of([first, copy], false)).toEqual(joined);
  });
});
