import { keyInGroups } from './key-groups.util';

describe('keyInGroups', () => {
  it('groups a key in fours, the last group shorter when it must be', () => {
    expect(keyInGroups('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(keyInGroups('JBSWY3DPEH')).toBe('JBSW Y3DP EH');
    expect(keyInGroups('')).toBe('');
  });
});
