import { hwaddrToColonForm, isHwaddr, isNormalisedHwaddr, normaliseHwaddr } from './hwaddr.util';

describe('normaliseHwaddr', () => {
  it('strips colons and lowercases', () => {
    expect(normaliseHwaddr('00:11:AA:bb:CC:dd')).toBe('0011aabbccdd');
    expect(normaliseHwaddr('0011AABBCCDD')).toBe('0011aabbccdd');
    expect(normaliseHwaddr(' 0011aabbccdd ')).toBe('0011aabbccdd');
  });

  it('returns null unless 12 hex characters remain', () => {
    expect(normaliseHwaddr('0011aabbccd')).toBeNull();
    expect(normaliseHwaddr('0011aabbccdde')).toBeNull();
    expect(normaliseHwaddr('0011aabbccdg')).toBeNull();
    expect(normaliseHwaddr('00-11-aa-bb-cc-dd')).toBeNull();
    expect(normaliseHwaddr('')).toBeNull();
    expect(normaliseHwaddr(null)).toBeNull();
    expect(normaliseHwaddr(1122334455)).toBeNull();
  });
});

describe('isHwaddr and isNormalisedHwaddr', () => {
  it('accepts every input form but only the lowercase form as normalised', () => {
    expect(isHwaddr('00:11:AA:BB:CC:DD')).toBe(true);
    expect(isHwaddr('xyz')).toBe(false);
    expect(isNormalisedHwaddr('0011aabbccdd')).toBe(true);
    expect(isNormalisedHwaddr('0011AABBCCDD')).toBe(false);
    expect(isNormalisedHwaddr('00:11:aa:bb:cc:dd')).toBe(false);
  });
});

describe('hwaddrToColonForm', () => {
  it('shows colon-separated uppercase pairs', () => {
    expect(hwaddrToColonForm('0011aabbccdd')).toBe('00:11:AA:BB:CC:DD');
    expect(hwaddrToColonForm('00:11:aa:bb:cc:dd')).toBe('00:11:AA:BB:CC:DD');
  });

  it('leaves a value that is not an address unchanged', () => {
    expect(hwaddrToColonForm('not-a-mac')).toBe('not-a-mac');
  });
});
