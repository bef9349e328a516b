import { OptionsError, parseSimulatorOptions } from './simulator-options.util';

describe('parseSimulatorOptions', () => {
  it('has defaults for a local gateway', () => {
    expect(parseSimulatorOptions([])).toMatchObject({
      gateways: [{ host: '127.0.0.1', port: 7700 }],
      panels: 1,
      key: '1234',
      networkIds: [1],
      panelType: 'SMARTLOOP_MK2',
      cloudControl: true,
      rate: 1,
      tls: false,
    });
  });

  it('reads every option', () => {
    const options = parseSimulatorOptions([
      '--gateway',
      'gw.example.com:7800',
      '--panels',
      '5',
      '--hwaddr',
      '00:11:AA:BB:CC:DD',
      '--key',
      '4321',
      '--networks',
      '3',
      '--type',
      'multiloop',
      '--tls-insecure',
      '--cloud-control',
      'off',
      '--scenario',
      'mixed',
      '--rate',
      '2.5',
      '--script',
      'demo.txt',
      '--firmware',
      '5.0',
    ]);
    expect(options).toMatchObject({
      gateways: [{ host: 'gw.example.com', port: 7800 }],
      panels: 5,
      hwaddr: '0011aabbccdd',
      key: '4321',
      networkIds: [1, 2, 3],
      panelType: 'MULTILOOP',
      tls: true,
      tlsInsecure: true,
      cloudControl: false,
      scenario: 'mixed',
      rate: 2.5,
      script: 'demo.txt',
      firmware: '5.0',
    });
    expect(parseSimulatorOptions(['--networks', '1,4,7']).networkIds).toEqual([1, 4, 7]);
    // Panels speak the newest protocol version unless told to be older ones.
    expect(parseSimulatorOptions([]).protocolVersion).toBe(3);
    expect(parseSimulatorOptions(['--protocol-version', '2']).protocolVersion).toBe(2);
    expect(parseSimulatorOptions([])).toMatchObject({ lively: false, livelyPace: 1 });
    expect(parseSimulatorOptions(['--lively'])).toMatchObject({ lively: true, livelyPace: 1 });
    expect(parseSimulatorOptions(['--lively-pace', '0.1'])).toMatchObject({ lively: true, livelyPace: 0.1 });
    expect(parseSimulatorOptions(['--device-secret', 'ab'.repeat(32)]).deviceSecret).toBe('ab'.repeat(32));
    expect(parseSimulatorOptions(['--device-secrets', 'panels.csv'])).toMatchObject({
      deviceSecretsFile: 'panels.csv',
      panelsGiven: false,
    });
  });

  it('reads several gateway copies, as a list or as repeated flags, in the order given', () => {
    const a = { host: 'gw-a.example.com', port: 7700 };
    const b = { host: '10.0.0.2', port: 7701 };
    const c = { host: '::1', port: 7702 };
    expect(parseSimulatorOptions(['--gateway', 'gw-a.example.com:7700,10.0.0.2:7701']).gateways).toEqual([a, b]);
    expect(
      parseSimulatorOptions(['--gateway', 'gw-a.example.com:7700', '--gateway', '10.0.0.2:7701,[::1]:7702']).gateways,
    ).toEqual([a, b, c]);
  });

  it.each([
    [['--gateway', 'nohost'], '--gateway must be host:port'],
    [['--gateway', 'gw-a:7700,'], "--gateway must be host:port or a comma-separated list of them, got ''"],
    [['--gateway', 'gw-a:7700,gw-b'], "got 'gw-b'"],
    [['--gateway', 'gw-a:70000'], '--gateway must be host:port'],
    [['--panels', '0'], '--panels must be a whole number'],
    [['--hwaddr', 'xyz'], '--hwaddr must be 12 hex characters'],
    [['--key', '12345'], '--key must be exactly 4 digits'],
    [['--device-secret', 'AB'.repeat(32)], '--device-secret must be 64 lowercase hex characters'],
    [['--device-secrets'], '--device-secrets needs a value'],
    [['--networks', '1,1'], '--networks must be'],
    [['--networks', '100'], '--networks must be'],
    [['--type', 'OTHER'], '--type must be'],
    [['--cloud-control', 'maybe'], '--cloud-control must be on or off'],
    [['--scenario', 'flood'], '--scenario must be one of fire, fault, restore, mixed'],
    [['--rate', '0'], '--rate must be'],
    [['--lively-pace', '0'], '--lively-pace must be a number from 0.001 to 1000'],
    [['--protocol-version', '1'], "--protocol-version must be from 2 to 3, got '1'"],
    [['--protocol-version', '4'], "--protocol-version must be from 2 to 3, got '4'"],
    [['--key'], '--key needs a value'],
    [['--bogus'], "unknown option '--bogus'"],
  ])('refuses %j', (argv, message) => {
    expect(() => parseSimulatorOptions(argv)).toThrow(OptionsError);
    expect(() => parseSimulatorOptions(argv)).toThrow(message);
  });
});
