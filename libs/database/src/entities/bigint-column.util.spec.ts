import { BIGINT_AS_NUMBER } from './bigint-column.util';

describe('BIGINT_AS_NUMBER', () => {
  it('reads pg bigint strings as numbers', () => {
    expect(BIGINT_AS_NUMBER.from('42')).toBe(42);
    expect(BIGINT_AS_NUMBER.from('0')).toBe(0);
  });

  it('keeps null and undefined', () => {
    expect(BIGINT_AS_NUMBER.from(null)).toBeNull();
    expect(BIGINT_AS_NUMBER.from(undefined)).toBeUndefined();
  });

  it('refuses values that a number cannot hold exactly', () => {
    expect(() => BIGINT_AS_NUMBER.from('9007199254740993')).toThrow(RangeError);
  });

  it('writes values unchanged', () => {
    expect(BIGINT_AS_NUMBER.to(7)).toBe(7);
  });
});
