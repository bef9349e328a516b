import { AllowedTargets, isRefusedAddress } from '@app/platform';
import { RelayTargetPolicy } from './relay-target-policy';

describe('relay target policy', () => {
  it('knows the loopback, private and link-local ranges', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.10',
      '169.254.1.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect([address, isRefusedAddress(address)]).toEqual([address, true]);
    }
    for (const address of ['203.0.113.7', '8.8.8.8', '172.32.0.1', '2001:db8::1']) {
      expect([address, isRefusedAddress(address)]).toEqual([address, false]);
    }
  });

  it('refuses a private address with a message saying what to do', async () => {
    const policy = new RelayTargetPolicy(AllowedTargets.parse(''));
    await expect(policy.resolve('192.168.0.123')).rejects.toMatchObject({
      kind: 'refused-target',
      message:
        "Relay address 192.168.0.123 is a loopback, private or link-local address: use the relay's public address or DNS name and forward its port",
    });
    await expect(policy.resolve('localhost')).rejects.toMatchObject({ kind: 'refused-target' });
    await expect(policy.resolve('203.0.113.7')).resolves.toBe('203.0.113.7');
  });

  it('lets the allow-list name hosts, addresses and ranges', async () => {
    const policy = new RelayTargetPolicy(AllowedTargets.parse(' localhost, 10.0.0.0/8 ,192.168.0.123'));
    await expect(policy.resolve('localhost')).resolves.toMatch(/^(127\.0\.0\.1|::1)$/);
    await expect(policy.resolve('10.9.8.7')).resolves.toBe('10.9.8.7');
    await expect(policy.resolve('192.168.0.123')).resolves.toBe('192.168.0.123');
    await expect(policy.resolve('192.168.0.124')).rejects.toMatchObject({ kind: 'refused-target' });
  });

  it('names a host that does not resolve', async () => {
    const policy = new RelayTargetPolicy(AllowedTargets.parse(''));
    await expect(policy.resolve('no-such-relay.invalid')).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('refuses allow-list entries that are none of host, address or range', () => {
    expect(() => AllowedTargets.parse('10.0.0.0/40')).toThrow("'10.0.0.0/40' is not a valid CIDR range");
    expect(() => AllowedTargets.parse('bad host!')).toThrow('is not a host name');
  });
});
