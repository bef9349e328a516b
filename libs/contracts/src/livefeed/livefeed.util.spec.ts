import { livefeedCategory, livefeedMessage, parseLivefeedClientMessage, parseLivefeedMessage } from './livefeed.util';

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
    const message = livefeedMessage('LogEvent', { hwaddr: '0011aabbccdd', category: 'fire', title: 'Fire in zone 2' });
    expect(parseLivefeedMessage(JSON.stringify(message))).toEqual(message);
    const init = livefeedMessage('INIT', {});
    expect(parseLivefeedMessage(JSON.stringify(init))).toEqual({ type: 'INIT', data: {} });
  });

  it('refuses unknown types and malformed frames', () => {
    expect(parseLivefeedMessage('{"type":"Nope","data":{}}')).toBeNull();
    expect(parseLivefeedMessage('{"type":"INIT"}')).toBeNull();
    expect(parseLivefeedMessage('not json')).toBeNull();
  });

  it('accepts only TOKEN_SET with a string token from browsers', () => {
    expect(parseLivefeedClientMessage('{"type":"TOKEN_SET","data":{"token":"a.b.c","extra":1}}')).toEqual({
      type: 'TOKEN_SET',
      data: { token: 'a.b.c' },
    });
    expect(parseLivefeedClientMessage('{"type":"TOKEN_SET","data":{"token":5}}')).toBeNull();
    expect(parseLivefeedClientMessage('{"type":"OTHER","data":{"token":"x"}}')).toBeNull();
    expect(parseLivefeedClientMessage('[')).toBeNull();
  });
});
