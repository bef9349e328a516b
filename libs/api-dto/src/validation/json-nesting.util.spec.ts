import { jsonNestsDeeperThan } from './json-nesting.util';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('jsonNestsDeeperThan', () => {
  it('counts nested objects and arrays', () => {
    expect(jsonNestsDeeperThan(bytes('{"a":[{"b":1}]}'), 3)).toBe(false);
    expect(jsonNestsDeeperThan(bytes('{"a":[{"b":[1]}]}'), 3)).toBe(true);
    expect(jsonNestsDeeperThan(bytes('{}'), 1)).toBe(false);
    expect(jsonNestsDeeperThan(bytes('"text"'), 0)).toBe(false);
  });

  it('measures depth, not the number of siblings', () => {
    expect(jsonNestsDeeperThan(bytes(`[${'{},'.repeat(1000)}{}]`), 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonNestsDeeperThan(bytes('{"a":"[[[[{{{{"}'), 1)).toBe(false);
    expect(jsonNestsDeeperThan(bytes('{"a":"\\"[[[[","b":"\\\\"}'), 1)).toBe(false);
    expect(jsonNestsDeeperThan(bytes('{"a":"\\\\",  "b":[[1]]}'), 2)).toBe(true);
  });

  it('is not misled by multi-byte characters', () => {
    expect(jsonNestsDeeperThan(bytes('{"名前":"火災[報知器]","🔔":["{"]}'), 2)).toBe(false);
  });

  it('finds a huge depth at once', () => {
    expect(jsonNestsDeeperThan(bytes('['.repeat(100_000)), 16)).toBe(true);
  });
});
