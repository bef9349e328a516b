import { claimFormMissing } from './claim-form.util';

describe('claimFormMissing', () => {
  it('names each field still short, with how much is typed', () => {
    expect(claimFormMissing({ mac: '', key: '', hwaddrFixed: false })).toBe(
      'Still needed: the MAC address needs 6 pairs of hex digits (0 typed); the admin password needs 4 digits (0 typed).',
    );
    expect(claimFormMissing({ mac: '0a:1b:2c:3', key: '12', hwaddrFixed: false })).toBe(
      'Still needed: the MAC address needs 6 pairs of hex digits (3 typed); the admin password needs 4 digits (2 typed).',
    );
    expect(claimFormMissing({ mac: '0a:1b:2c:3d:4e:5f', key: '12', hwaddrFixed: false })).toBe(
      'Still needed: the admin password needs 4 digits (2 typed).',
    );
  });

  it('asks no MAC when the screen names the panel, and nothing once both are complete', () => {
    expect(claimFormMissing({ mac: '', key: '1', hwaddrFixed: true })).toBe(
      'Still needed: the admin password needs 4 digits (1 typed).',
    );
    expect(claimFormMissing({ mac: '0a:1b:2c:3d:4e:5f', key: '1234', hwaddrFixed: false })).toBeNull();
    expect(claimFormMissing({ mac: '', key: '1234', hwaddrFixed: true })).toBeNull();
  });
});
