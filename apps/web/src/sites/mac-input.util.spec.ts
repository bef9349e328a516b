import { maskKeyInput, maskMacInput } from './mac-input.util';

describe('maskMacInput', () => {
  it('groups hex digits in colon-separated uppercase pairs', () => {
    expect(maskMacInput('0011aabbccdd')).toBe('00:11:AA:BB:CC:DD');
    expect(maskMacInput('00:11:a')).toBe('00:11:A');
  });

  it('drops anything that is not hex and stops at 12 digits', () => {
    expect(maskMacInput('zz00-11 aa bb cc dd ee ff')).toBe('00:11:AA:BB:CC:DD');
    expect(maskMacInput('')).toBe('');
  });
});

describe('maskKeyInput', () => {
  it('keeps at most 4 digits', () => {
    expect(maskKeyInput('12a345')).toBe('1234');
    expect(maskKeyInput('x')).toBe('');
  });
});
