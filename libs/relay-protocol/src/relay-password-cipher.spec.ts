import { RuntimeConfig } from '@app/config';
import { RelayPasswordCipher } from './relay-password-cipher';
import { DEVELOPMENT_RELAY_SECRET_KEY, readRelaySecurityConfig } from './relay-security.config';

const password = 'This MUST be 32 characters long.';

describe('RelayPasswordCipher', () => {
  it('stores ciphertext that decrypts back, different every time', () => {
    const cipher = new RelayPasswordCipher('k'.repeat(40));
    const first = cipher.encrypt(password);
    expect(first).not.toContain(password);
    expect(first).not.toBe(cipher.encrypt(password));
    expect(cipher.decrypt(first)).toBe(password);
  });

  it('fails loudly under another key', () => {
    const stored = new RelayPasswordCipher('k'.repeat(40)).encrypt(password);
    expect(() => new RelayPasswordCipher('j'.repeat(40)).decrypt(stored)).toThrow('RELAY_SECRET_KEY differs');
  });
});

describe('relay security configuration', () => {
  const development = new RuntimeConfig('t', 'development', 'silent', 0);
  const production = new RuntimeConfig('t', 'production', 'silent', 0);

  it('has a development key, refused in production, and never echoes a key', () => {
    expect(readRelaySecurityConfig(development, {}).secretKey).toBe(DEVELOPMENT_RELAY_SECRET_KEY);
    expect(() => readRelaySecurityConfig(production, {})).toThrow(
      'Invalid configuration: RELAY_SECRET_KEY is required',
    );
    expect(() => readRelaySecurityConfig(production, { RELAY_SECRET_KEY: DEVELOPMENT_RELAY_SECRET_KEY })).toThrow(
      'not the development default',
    );
    expect(() => readRelaySecurityConfig(development, { RELAY_SECRET_KEY: 'secret-short' })).toThrow(
      "Invalid configuration: RELAY_SECRET_KEY must be a random secret of at least 32 characters, got '(12 characters)'",
    );
  });

  it('reads the allow-list and names a bad entry in one line', () => {
    expect(
      readRelaySecurityConfig(development, { RELAY_ALLOWED_TARGETS: '127.0.0.1,relay.local' }).allowedTargets.entries,
    ).toEqual(['127.0.0.1', 'relay.local']);
    expect(() => readRelaySecurityConfig(development, { RELAY_ALLOWED_TARGETS: '1.2.3.4/99' })).toThrow(
      "Invalid configuration: RELAY_ALLOWED_TARGETS must be a comma-separated list of host names, IP addresses or CIDR ranges, got ''1.2.3.4/99' is not a valid CIDR range'",
    );
  });
});
