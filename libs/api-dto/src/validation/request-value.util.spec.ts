import { inspectRequestValue } from './request-value.util';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? { a: value } : [value];
  return value;
}

describe('inspectRequestValue', () => {
  it('answers a copy with the fields whose value is null left out, at any depth', () => {
    const input = { name: 'Ann', company: null, settings: { mode: null, address: 3 }, list: [null, 'x'] };
    const result = inspectRequestValue(input);
    expect(result).toEqual({ ok: true, value: { name: 'Ann', settings: { address: 3 }, list: [null, 'x'] } });
    expect(input.company).toBeNull();
  });

  it('names the field, by its path, whose text holds a control character or a lone surrogate', () => {
    expect(inspectRequestValue({ email: 'a\u0000@example.com' })).toEqual({
      ok: false,
      error: 'email contains the control character U+0000',
    });
    expect(inspectRequestValue({ action: { on_fire: { note: '\ud800' } } })).toEqual({
      ok: false,
      error: 'action.on_fire.note contains a lone surrogate (U+D800)',
    });
    expect(inspectRequestValue({ list: ['ok', 'b\u0007'] })).toEqual({
      ok: false,
      error: 'list[1] contains the control character U+0007',
    });
  });

  it('reports the first bad field in the order of the fields', () => {
    expect(inspectRequestValue({ a: { b: 'fine', c: '\u0001' }, d: '\u0002' })).toEqual({
      ok: false,
      error: 'a.c contains the control character U+0001',
    });
  });

  it('refuses a field name with a control character without echoing it', () => {
    expect(inspectRequestValue({ 'na\u0000me': 'x' })).toEqual({
      ok: false,
      error: 'a field name contains the control character U+0000',
    });
  });

  it('refuses the field names class-transformer would silently drop', () => {
    expect(inspectRequestValue(JSON.parse('{"__proto__": {"admin": true}}'))).toEqual({
      ok: false,
      error: '__proto__ is not an accepted field',
    });
    expect(inspectRequestValue({ settings: { constructor: 1 } })).toEqual({
      ok: false,
      error: 'settings.constructor is not an accepted field',
    });
  });

  it('cuts a long field name in its message', () => {
    const result = inspectRequestValue({ ['x'.repeat(500)]: '\u0000' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toBe(`${'x'.repeat(64)}… contains the control character U+0000`);
  });

  it('accepts nesting up to the limit and refuses one level more', () => {
    expect(inspectRequestValue(nested(16)).ok).toBe(true);
    expect(inspectRequestValue(nested(17))).toEqual({
      ok: false,
      error: 'request nests objects and arrays deeper than 16 levels',
    });
    expect(inspectRequestValue(nested(3), 2).ok).toBe(false);
  });

  it('walks a value far deeper than the JavaScript stack allows without overflowing', () => {
    expect(inspectRequestValue(nested(200_000), 300_000).ok).toBe(true);
    expect(inspectRequestValue(nested(200_000)).ok).toBe(false);
  });
});
