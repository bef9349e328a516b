import { DeviceSecretsError, deviceSecretsFor, parseDeviceSecrets } from './device-secrets.util';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);

describe('device secrets of the simulated panels', () => {
  it('reads hwaddr,secret lines, skipping comments and blank lines', () => {
    const secrets = parseDeviceSecrets(`# provisioned 2026-11-21\n0011aabbcc00,${A}\n\n00:11:AA:BB:CC:01 , ${B}\n`);
    expect([...secrets]).toEqual([
      ['0011aabbcc00', A],
      ['0011aabbcc01', B],
    ]);
  });

  it('names every bad line by number', () => {
    expect(() => parseDeviceSecrets(`0011aabbcc00,${A}\nnot a mac,${A}\n0011aabbcc01,abc\n0011aabbcc00,${B}`)).toThrow(
      'bad device secrets file: line 2: expected hwaddr,secret; line 3: the secret of 0011aabbcc01 must be 64 lowercase hex characters; line 4: 0011aabbcc00 appears twice',
    );
  });

  it('gives each panel its secret and refuses to start without one for every panel', () => {
    const file = new Map([['0011aabbcc00', A]]);
    expect(deviceSecretsFor(['0011aabbcc00'], { file }).get('0011aabbcc00')).toBe(A);
    expect(deviceSecretsFor(['0011aabbcc05'], { single: B }).get('0011aabbcc05')).toBe(B);
    expect(() => deviceSecretsFor(['0011aabbcc00', '0011aabbcc01'], { file })).toThrow(
      /^no device secret for panel 0011aabbcc01\. .*--device-secrets FILE/,
    );
    expect(() => deviceSecretsFor(['0011aabbcc00'], {})).toThrow(DeviceSecretsError);
    expect(() => deviceSecretsFor(['0011aabbcc00', '0011aabbcc01'], { single: A })).toThrow(
      '--device-secret is for one panel',
    );
  });
});
