import {
  isPortType,
  isMode,
  moduleSettingsFields,
  NETWORK_ID_MAX,
  NETWORK_ID_MIN,
  PANEL_TEXT_MAX_LENGTH,
  type DeviceConfig,
  type ModuleConfig,
  type PanelStrings,
  type PortType,
  type ZoneConfig,
} from '@app/contracts';
import { CONFIG_ID_MAX, DEVICES_MAX, MODULES_MAX, ZONES_MAX } from '../protocol.constants';
import { FieldReader, invalid } from './field-reader.util';
import type { ConfigSnapshot } from './panel-link-messages.types';
import { readDeviceSettings, readModuleSettings } from './settings.validation';

/** One network's configuration snapshot (spec 2.15-2.18 and 3), checked field by field. */
export function readConfigSnapshot(reader: FieldReader): ConfigSnapshot {
  return {
    networkId: reader.int('networkId', NETWORK_ID_MIN, NETWORK_ID_MAX),
    strings: readPanelStrings(reader.object('strings')),
    zones: reader.array('zones', ZONES_MAX, readZone),
    modules: reader.array('modules', MODULES_MAX, readModule),
    devices: reader.array('devices', DEVICES_MAX, readDevice),
  };
}

function readPanelStrings(reader: FieldReader): PanelStrings {
  return {
    strName: reader.string('strName', PANEL_TEXT_MAX_LENGTH),
    strSite: reader.string('strSite', PANEL_TEXT_MAX_LENGTH),
    strCompany: reader.string('strCompany', PANEL_TEXT_MAX_LENGTH),
    strPhoneNumber: reader.string('strPhoneNumber', PANEL_TEXT_MAX_LENGTH),
  };
}

function readZone(value: unknown, path: string): ZoneConfig {
  const reader = FieldReader.of(value, path);
  return {
    id: reader.int('id', 0, CONFIG_ID_MAX),
    name: reader.string('name', PANEL_TEXT_MAX_LENGTH),
    mode: reader.checked('mode', isMode, 'a mode'),
  };
}

function readModule(value: unknown, path: string): ModuleConfig {
  const reader = FieldReader.of(value, path);
  const portType = reader.checked('port_type', isPortType, 'a port type') as PortType;
  const settings = readModuleSettings(reader.raw('settings'), reader.at('settings'));
  // A snapshot carries every settings field of its port type and no other.
  const expected = moduleSettingsFields(portType);
  const present = Object.keys(settings);
  if (present.length !== expected.length || !expected.every((field) => field in settings)) {
    invalid(reader.at('settings'), `the fields ${expected.join(', ') || '(none)'} of ${portType}`, present);
  }
  return {
    port_id: reader.int('port_id', 0, CONFIG_ID_MAX),
    port_type: portType,
    settings,
    devices: reader.int('devices', 0, DEVICES_MAX),
  } as ModuleConfig;
}

function readDevice(value: unknown, path: string): DeviceConfig {
  const reader = FieldReader.of(value, path);
  return {
    port_id: reader.int('port_id', 0, CONFIG_ID_MAX),
    mod_idx: reader.int('mod_idx', 0, CONFIG_ID_MAX),
    name: reader.string('name', PANEL_TEXT_MAX_LENGTH),
    zone: reader.int('zone', 0, CONFIG_ID_MAX),
    type: reader.int('type', -1, 255),
    settings: readDeviceSettings(reader.raw('settings'), reader.at('settings')),
  };
}
