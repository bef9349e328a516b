import type { ModuleConfig } from '@app/contracts';
import { moduleFormOf, moduleFormProblems, moduleSettingsOf } from './module-form.util';

const nwm: ModuleConfig = {
  port_id: 1,
  port_type: 'MOD_NWM',
  settings: { address: 4, setting: 'DISABLED' },
  devices: 0,
};
const printer: ModuleConfig = {
  port_id: 2,
  port_type: 'MOD_232',
  settings: { bitRate: 3, printerOptions: 0b0101 },
  devices: 0,
};
const tcp: ModuleConfig = {
  port_id: 3,
  port_type: 'MOD_TCP',
  settings: {
    cloudAddress: 'cloud.example',
    cloudPort: 7700,
    ip: '192.168.1.11',
    dns: '192.168.1.1',
    mask: '255.255.255.0',
    gateway: '192.168.1.1',
    mode: 'DHCP',
  },
  devices: 0,
};

describe('module editor form', () => {
  it('MOD_NWM: address 0-64, Enabled read-only and false when the setting is DISABLED, never sent', () => {
    const form = moduleFormOf(nwm);
    expect(form).toMatchObject({ address: '4', enabled: false });
    expect(moduleFormOf({ ...nwm, settings: { address: 4, setting: 'ENABLED' } }).enabled).toBe(true);
    expect(moduleFormProblems('MOD_NWM', { ...form, address: '64' })).toEqual({});
    expect(moduleFormProblems('MOD_NWM', { ...form, address: '65' })).toEqual({
      address: 'Address must be a whole number from 0 to 64.',
    });
    expect(moduleFormProblems('MOD_NWM', { ...form, address: '2.5' }).address).toBeDefined();
    expect(moduleSettingsOf('MOD_NWM', { ...form, address: '0' })).toEqual({ address: 0 });
  });

  it('MOD_232: the switches Alarms, Faults, Tech. Alarms, Buttons are bits 0-3 of the printer options', () => {
    const form = moduleFormOf(printer);
    expect(form.printer).toEqual({ alarms: true, faults: false, techAlarms: true, buttons: false });
    expect(
      moduleSettingsOf('MOD_232', {
        ...form,
        printer: { alarms: false, faults: true, techAlarms: false, buttons: true },
      }),
    ).toEqual({ bitRate: 3, printerOptions: 0b1010 });
    expect(moduleSettingsOf('MOD_232', { ...form, bitRate: 7 })).toEqual({ bitRate: 7, printerOptions: 0b0101 });
  });

  it('MOD_TCP: cloud address and port, Ethernet ip, dns, mask, gateway and mode, checked before sending', () => {
    const form = moduleFormOf(tcp);
    expect(moduleSettingsOf('MOD_TCP', form)).toEqual(tcp.settings);
    expect(moduleFormProblems('MOD_TCP', form)).toEqual({});
    expect(
      moduleFormProblems('MOD_TCP', {
        ...form,
        cloudAddress: 'bad host!',
        cloudPort: '70000',
        ip: '192.168.1.256',
        mask: '',
      }),
    ).toEqual({
      cloudAddress: 'Cloud address must be a host name or IPv4 address.',
      cloudPort: 'Cloud port must be a whole number from 1 to 65535.',
      ip: 'IP address must be an IPv4 address such as 192.168.1.10.',
      mask: 'Subnet mask must be an IPv4 address such as 192.168.1.10.',
    });
  });

  it('sends nothing for port types without settings', () => {
    const loop: ModuleConfig = { port_id: 0, port_type: 'MOD_MRKII', settings: {}, devices: 3 };
    expect(moduleSettingsOf('MOD_MRKII', moduleFormOf(loop))).toEqual({});
    expect(moduleFormProblems('MOD_MRKII', moduleFormOf(loop))).toEqual({});
  });
});
