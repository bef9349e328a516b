import { capitalise } from './text.util';

describe('capitalise', () => {
  it('uppercases the first letter only', () => {
    expect(capitalise('fire')).toBe('Fire');
    expect(capitalise('technical alarm')).toBe('Technical alarm');
    expect(capitalise('Fault')).toBe('Fault');
  });

  it('keeps an empty string', () => {
    expect(capitalise('')).toBe('');
  });
});
