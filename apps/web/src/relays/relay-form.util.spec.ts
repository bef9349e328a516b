import { emptyRelayForm, hasErrors, isRefusedTargetError, relayFormErrors, relayRequestOf } from './relay-form.util';

const password = 'k'.repeat(32);
const valid = { host: 'relay.example.com', port: '17123', password, name: ' Sounders ' };

describe('relay form validation', () => {
  it('accepts an address, a port from 1 to 65535 and a 32-character password', () => {
    expect(relayFormErrors(valid, { passwordRequired: true })).toEqual({});
    expect(relayFormErrors({ ...valid, port: '1' }, { passwordRequired: true })).toEqual({});
    expect(relayFormErrors({ ...valid, port: '65535' }, { passwordRequired: true })).toEqual({});
  });

  it('names each wrong field', () => {
    const errors = relayFormErrors({ host: '  ', port: '0', password: 'short', name: '' }, { passwordRequired: true });
    expect(Object.keys(errors).sort()).toEqual(['host', 'password', 'port']);
    expect(errors.password).toBe('The password must be exactly 32 characters (it has 5)');
  });

  it.each(['65536', '-1', '1.5', 'abc', ''])('refuses the port %p', (port) => {
    expect(relayFormErrors({ ...valid, port }, { passwordRequired: true }).port).toBe(
      'Port must be a whole number from 1 to 65535',
    );
  });

  it('refuses 31 and 33 characters, and an address with spaces', () => {
    expect(relayFormErrors({ ...valid, password: 'k'.repeat(31) }, { passwordRequired: true }).password).toMatch(
      /exactly 32/,
    );
    expect(relayFormErrors({ ...valid, password: 'k'.repeat(33) }, { passwordRequired: true }).password).toMatch(
      /exactly 32/,
    );
    expect(relayFormErrors({ ...valid, host: 'relay example' }, { passwordRequired: true }).host).toMatch(/spaces/);
  });

  it('requires the password to add or verify, but not to save an edited relay', () => {
    expect(relayFormErrors({ ...valid, password: '' }, { passwordRequired: true }).password).toBe(
      "Enter the relay's 32-character password",
    );
    expect(relayFormErrors({ ...valid, password: '' }, { passwordRequired: false })).toEqual({});
  });

  it('starts on the default port and sends trimmed values, without an empty password', () => {
    expect(emptyRelayForm().port).toBe('17123');
    expect(hasErrors(relayFormErrors(emptyRelayForm(), { passwordRequired: true }))).toBe(true);
    expect(relayRequestOf(valid)).toEqual({ host: 'relay.example.com', port: 17123, name: 'Sounders', password });
    expect(relayRequestOf({ ...valid, password: '' })).toEqual({
      host: 'relay.example.com',
      port: 17123,
      name: 'Sounders',
    });
  });

  it("recognises the server's refusal of a private or loopback address", () => {
    expect(
      isRefusedTargetError(
        "Relay address 10.0.0.5 is a loopback, private or link-local address: use the relay's public address",
      ),
    ).toBe(true);
    expect(isRefusedTargetError('The relay did not answer in time')).toBe(false);
  });
});
