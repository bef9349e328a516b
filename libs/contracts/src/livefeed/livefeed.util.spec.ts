import {
  livefeedCategory,
  livefeedMessage,
  parseLivefeedFrame,
  parseLivefeedMessage,
  readLivefeedClientFrame,
} from './livefeed.util';

describe('livefeedCategory', () => {
  it('keeps fire and fault and folds the rest into other', () => {
    expect(livefeedCategory('fire')).toBe('fire');
    expect(livefeedCategory('fault')).toBe('fault');
    expect(livefeedCategory('system')).toBe('other');
    expect(livefeedCategory('technical')).toBe('other');
  });
});

describe('livefeed messages', () => {
  it('round-trip through JSON', () => {
    const message = livefeedMessage('LogEvent', {
      hwaddr: '0011aabbccdd',
      category: 'fire',
      title: 'Fire in zone 2',
      id: 41,
      networkId: 1,
      date: '2023-04-01T10:00:00.000Z',
      receivedAt: '2023-04-01T10:00:01.000Z',
      location: 'Zone 2',
      eventCategory: 'fire',
      test: false,
      unreadCount: 3,
      perPanelCount: { '1': 3 },
    });
    expect(parseLivefeedMessage(JSON.stringify(message))).toEqual(message);
    const init = livefeedMessage('INIT', {});
    expect(parseLivefeedMessage(JSON.stringify(init))).toEqual({ type: 'INIT', data: {} });
  });

  it('refuses unknown types and malformed frames', () => {
    expect(parseLivefeedMessage('{"type":"Nope","data":{}}')).toBeNull();
    expect(parseLivefeedMessage('{"type":"INIT"}')).toBeNull();
    expect(parseLivefeedMessage('not json')).toBeNull();
  });

  it('reads a frame of one message or of several, in order, leaving out what is not a message', () => {
    const init = livefeedMessage('INIT', {});
    const resync = { ...livefeedMessage('Resync', { hwaddr: '0011aabbccdd' }), seq: 4 };
    expect(parseLivefeedFrame(JSON.stringify(init))).toEqual([init]);
    expect(parseLivefeedFrame(JSON.stringify([resync, { type: 'Nope', data: {} }, init]))).toEqual([resync, init]);
    expect(parseLivefeedFrame('[]')).toEqual([]);
    expect(parseLivefeedFrame('{"type":"INIT"}')).toEqual([]);
    expect(parseLivefeedFrame('not json')).toEqual([]);
  });

  it('reads the claims token of a TOKEN_SET given as the data or as { token }', () => {
    expect(readLivefeedClientFrame('{"type":"TOKEN_SET","data":{"token":"a.b.c","extra":1}}')).toEqual({
      kind: 'token',
      token: 'a.b.c',
      batch: false,
    });
    expect(readLivefeedClientFrame('{"type":"TOKEN_SET","data":"a.b.c"}')).toEqual({
      kind: 'token',
      token: 'a.b.c',
      batch: false,
    });
  });

  it('reads whether a TOKEN_SET asks for the messages of a window in one frame', () => {
    expect(readLivefeedClientFrame('{"type":"TOKEN_SET","data":{"token":"a.b.c","batch":true}}')).toEqual({
      kind: 'token',
      token: 'a.b.c',
      batch: true,
    });
    expect(readLivefeedClientFrame('{"type":"TOKEN_SET","data":{"token":"a.b.c","batch":"yes"}}')).toMatchObject({
      batch: false,
    });
  });

  it('refuses a TOKEN_SET without a usable token and frames that are not messages, with the reason', () => {
    const reasons = [
      '{"type":"TOKEN_SET"}',
      '{"type":"TOKEN_SET","data":null}',
      '{"type":"TOKEN_SET","data":{}}',
      '{"type":"TOKEN_SET","data":""}',
      '{"type":"TOKEN_SET","data":{"token":"  "}}',
      '{"type":"TOKEN_SET","data":{"token":5}}',
      '{"type":"TOKEN_SET","data":7}',
      '{"type":"TOKEN_SET","data":["a.b.c"]}',
      '[',
      '"TOKEN_SET"',
      '{"data":"a.b.c"}',
    ].map((frame) => readLivefeedClientFrame(frame));
    for (const reading of reasons) {
      expect(reading.kind).toBe('refused');
      if (reading.kind === 'refused') expect(reading.reason).not.toBe('');
    }
    expect(readLivefeedClientFrame('{"type":"TOKEN_SET","data":{"token":5}}')).toEqual({
      kind: 'refused',
      reason: 'TOKEN_SET token must be a string',
    });
  });

  it('ignores well-formed messages of other types', () => {
    expect(readLivefeedClientFrame('{"type":"OTHER","data":{"token":"x"}}')).toEqual({ kind: 'ignored' });
  });
});
