import { validateDto } from '../validation/validate-dto.util';
import { ButtonDto } from './button.dto';
import { DeviceNameDto } from './device-name.dto';
import { DeviceSettingsDto } from './device-settings.dto';
import { DeviceZoneDto } from './device-zone.dto';
import { ModuleSettingsDto } from './module-settings.dto';
import { StringsDto } from './strings.dto';
import { ZoneUpdateDto } from './zone-update.dto';

const text47 = 'x'.repeat(47);
const text48 = 'x'.repeat(48);

describe('ButtonDto', () => {
  it('accepts the four allowed pairs', () => {
    for (const [action, data] of [
      ['SOUNDER', 'ALARM'],
      ['SOUNDER', 'OFF'],
      ['MUTE', 'NA'],
      ['RESET', 'NA'],
    ]) {
      expect(validateDto(ButtonDto, { action, data }).ok).toBe(true);
    }
  });

  it('rejects any other pair', () => {
    const pairError = 'action and data must be one of SOUNDER/ALARM, SOUNDER/OFF, MUTE/NA, RESET/NA';
    expect(validateDto(ButtonDto, { action: 'SOUNDER', data: 'NA' })).toEqual({ ok: false, error: pairError });
    expect(validateDto(ButtonDto, { action: 'RESET', data: 'ALARM' })).toEqual({ ok: false, error: pairError });
    expect(validateDto(ButtonDto, { action: 'EVACUATE', data: 'NA' })).toEqual({
      ok: false,
      error: 'action must be one of SOUNDER, MUTE, RESET',
    });
    expect(validateDto(ButtonDto, { action: 'MUTE' })).toEqual({ ok: false, error: 'data is required' });
  });
});

describe('ZoneUpdateDto', () => {
  it('accepts a selectable mode and a name up to 47 characters', () => {
    expect(validateDto(ZoneUpdateDto, { id: 0, name: text47, mode: 'MODE_TEST_INPUT' }).ok).toBe(true);
  });

  it('rejects mode none, long names and negative ids', () => {
    expect(validateDto(ZoneUpdateDto, { id: 0, name: 'Hall', mode: 'MODE_NONE' })).toEqual({
      ok: false,
      error: expect.stringMatching(/^mode must be one of MODE_ENABLED, /),
    });
    expect(validateDto(ZoneUpdateDto, { id: 0, name: text48, mode: 'MODE_ENABLED' })).toEqual({
      ok: false,
      error: 'name must be at most 47 characters',
    });
    expect(validateDto(ZoneUpdateDto, { id: -1, name: 'Hall', mode: 'MODE_ENABLED' })).toEqual({
      ok: false,
      error: 'id must be a whole number, 0 or more',
    });
    expect(validateDto(ZoneUpdateDto, { id: 1.5, name: 'Hall', mode: 'MODE_ENABLED' }).ok).toBe(false);
  });
});

describe('device name and zone', () => {
  it('check indexes and the name length', () => {
    expect(validateDto(DeviceNameDto, { port_id: 0, mod_idx: 3, name: 'MCP hall' }).ok).toBe(true);
    expect(validateDto(DeviceNameDto, { port_id: 0, mod_idx: 3, name: text48 }).ok).toBe(false);
    expect(validateDto(DeviceNameDto, { port_id: '0', mod_idx: 3, name: 'x' })).toEqual({
      ok: false,
      error: 'port_id must be a whole number, 0 or more',
    });
    expect(validateDto(DeviceZoneDto, { port_id: 1, mod_idx: 2, zoneId: 4 }).ok).toBe(true);
    expect(validateDto(DeviceZoneDto, { port_id: 1, mod_idx: 2 })).toEqual({ ok: false, error: 'zoneId is required' });
  });
});

describe('StringsDto', () => {
  it('allows empty texts and at most 47 characters each', () => {
    const strings = { panelName: '', panelCompanyName: 'Acme', panelSiteName: text47, panelPhoneNumber: '0123' };
    expect(validateDto(StringsDto, strings).ok).toBe(true);
    expect(validateDto(StringsDto, { ...strings, panelPhoneNumber: text48 })).toEqual({
      ok: false,
      error: 'panelPhoneNumber must be at most 47 characters',
    });
    expect(validateDto(StringsDto, { ...strings, panelName: undefined })).toEqual({
      ok: false,
      error: 'panelName is required',
    });
    expect(validateDto(StringsDto, { ...strings, panelName: 5 })).toEqual({
      ok: false,
      error: 'panelName must be a string',
    });
  });
});

describe('ModuleSettingsDto', () => {
  it('accepts the fields of each module type', () => {
    expect(validateDto(ModuleSettingsDto, { port_id: 2, settings: { address: 64 } }).ok).toBe(true);
    expect(validateDto(ModuleSettingsDto, { port_id: 3, settings: { bitRate: 3, printerOptions: 15 } }).ok).toBe(true);
    const tcp = {
      cloudAddress: 'cloud.example.com',
      cloudPort: 8443,
      ip: '192.168.1.20',
      dns: '1.1.1.1',
      mask: '255.255.255.0',
      gateway: '192.168.1.1',
      mode: 'STATIC',
    };
    expect(validateDto(ModuleSettingsDto, { port_id: 4, settings: tcp }).ok).toBe(true);
  });

  it('names the nested field that is wrong', () => {
    expect(validateDto(ModuleSettingsDto, { port_id: 2, settings: { address: 65 } })).toEqual({
      ok: false,
      error: 'settings.address must be a whole number from 0 to 64',
    });
    expect(validateDto(ModuleSettingsDto, { port_id: 4, settings: { ip: '300.1.1.1' } })).toEqual({
      ok: false,
      error: 'settings.ip must be an IPv4 address',
    });
    expect(validateDto(ModuleSettingsDto, { port_id: 3, settings: { printerOptions: 16 } }).ok).toBe(false);
    expect(validateDto(ModuleSettingsDto, { port_id: 3, settings: { bitRate: 9600 } }).ok).toBe(false);
    expect(validateDto(ModuleSettingsDto, { port_id: 3 })).toEqual({ ok: false, error: 'settings is required' });
    expect(validateDto(ModuleSettingsDto, { port_id: 3, settings: 'fast' })).toEqual({
      ok: false,
      error: 'settings must be an object',
    });
  });
});

describe('DeviceSettingsDto', () => {
  it('accepts typed device settings', () => {
    const settings = { mode: 'MODE_ENABLED', address: 12, deviceOptions: 0x32, isNormallyClosed: false, resetTime: 5 };
    expect(validateDto(DeviceSettingsDto, { port_id: 0, mod_idx: 1, settings }).ok).toBe(true);
  });

  it('rejects a device options value outside the day and night bits', () => {
    expect(validateDto(DeviceSettingsDto, { port_id: 0, mod_idx: 1, settings: { deviceOptions: 0x08 } })).toEqual({
      ok: false,
      error: 'settings.deviceOptions must hold a day option in bits 0-2 and a night option in bits 4-6',
    });
    expect(validateDto(DeviceSettingsDto, { port_id: 0, mod_idx: 1, settings: { mode: 'MODE_NONE' } }).ok).toBe(false);
  });
});
