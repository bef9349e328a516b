import { isKey, isNetworkId } from './identifiers.util';

describe('isKey', () => {
  it('accepts exactly 4 digits, leading zeros included', () => {
    expect(isKey('1234')).toBe(true);
    expect(isKey('0007')).toBe(true);
  });

  it('rejects other lengths, non-digits and numbers', () => {
    expect(isKey('123')).toBe(false);
    expect(isKey('12345')).toBe(false);
    expect(isKey('12a4')).toBe(false);
    expect(isKey(' 1234')).toBe(false);
    expect(isKey(1234)).toBe(false);
    expect(isKey(undefined)).toBe(false);
  });
});

describe('isNetworkId', () => {
  it('accepts 1 to 99 as numbers or 1-2 digit strings', () => {
    expect(isNetworkId(1)).toBe(true);
    expect(isNetworkId(99)).toBe(true);
    expect(isNetworkId('7')).toBe(true);
    expect(isNetworkId('42')).toBe(true);
  });

  it('rejects 0, 100, fractions and other strings', () => {
    expect(isNetworkId(0)).toBe(false);
    expect(isNetworkId(100)).toBe(false);
    expect(isNetworkId(1.5)).toBe(false);
    expect(isNetworkId('0')).toBe(false);
    expect(isNetworkId('100')).toBe(false);
    expect(isNetworkId('1a')).toBe(false);
    expect(isNetworkId('')).toBe(false);
    expect(isNetworkId(null)).toBe(false);
  });
});
