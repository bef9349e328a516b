import {
  isButtonPair,
  isSelectableMode,
  PANEL_COMMAND_KINDS,
  PANEL_KEY_PATTERN,
  PANEL_TEXT_MAX_LENGTH,
  type ButtonAction,
  type ButtonData,
  type PanelCommand,
} from '@app/contracts';
import { CONFIG_ID_MAX, HEX_64_DESCRIPTION, HEX_64_PATTERN } from '../protocol.constants';
import { FieldReader, invalid } from './field-reader.util';
import type { WireCommand, WireCommandKind, WireCommandPayloads } from './panel-link-messages.types';
import { readDeviceSettings, readModuleSettings } from './settings.validation';

/** The payload of every command kind, checked; shared by the wire codec and the gateway's NATS side. */

type SharedKind = Exclude<WireCommandKind, 'keyProof'>;

const SHARED_PAYLOADS: { [K in SharedKind]: (reader: FieldReader) => WireCommandPayloads[K] } = {
  button: (r) => {
    const action = r.raw('action');
    const data = r.raw('data');
    if (!isButtonPair(action, data))
      invalid(r.at('action'), 'SOUNDER/ALARM, SOUNDER/OFF, MUTE/NA or RESET/NA', `${String(action)}/${String(data)}`);
    return { action: action as ButtonAction, data: data as ButtonData };
  },
  zone: (r) => ({
    id: r.int('id', 0, CONFIG_ID_MAX),
    name: r.string('name', PANEL_TEXT_MAX_LENGTH),
    mode: r.checked('mode', isSelectableMode, 'a mode other than MODE_NONE'),
  }),
  deviceName: (r) => ({
    port_id: r.int('port_id', 0, CONFIG_ID_MAX),
    mod_idx: r.int('mod_idx', 0, CONFIG_ID_MAX),
    name: r.string('name', PANEL_TEXT_MAX_LENGTH),
  }),
  deviceZone: (r) => ({
    port_id: r.int('port_id', 0, CONFIG_ID_MAX),
    mod_idx: r.int('mod_idx', 0, CONFIG_ID_MAX),
    zoneId: r.int('zoneId', 0, CONFIG_ID_MAX),
  }),
  strings: (r) => ({
    panelName: r.string('panelName', PANEL_TEXT_MAX_LENGTH),
    panelCompanyName: r.string('panelCompanyName', PANEL_TEXT_MAX_LENGTH),
    panelSiteName: r.string('panelSiteName', PANEL_TEXT_MAX_LENGTH),
    panelPhoneNumber: r.string('panelPhoneNumber', PANEL_TEXT_MAX_LENGTH),
  }),
  moduleSettings: (r) => {
    const settings = readModuleSettings(r.raw('settings'), r.at('settings'));
    if ('setting' in settings) invalid(r.at('settings.setting'), 'absent (it is read-only)', settings.setting);
    if (Object.keys(settings).length === 0) invalid(r.at('settings'), 'at least one field', {});
    return { port_id: r.int('port_id', 0, CONFIG_ID_MAX), settings };
  },
  deviceSettings: (r) => {
    const settings = readDeviceSettings(r.raw('settings'), r.at('settings'));
    if (Object.keys(settings).length === 0) invalid(r.at('settings'), 'at least one field', {});
    return { port_id: r.int('port_id', 0, CONFIG_ID_MAX), mod_idx: r.int('mod_idx', 0, CONFIG_ID_MAX), settings };
  },
  resync: () => ({}),
};

function isSharedKind(kind: string): kind is SharedKind {
  return kind !== 'keyProof' && kind in SHARED_PAYLOADS;
}

/** A command as it travels to the panel: `{ kind, payload }`. */
export function readWireCommand(kind: unknown, payload: unknown, path: string): WireCommand {
  if (kind === 'keyProof') {
    return {
      kind,
      payload: {
        nonce: FieldReader.of(payload, `${path}.payload`).matching('nonce', HEX_64_PATTERN, HEX_64_DESCRIPTION),
      },
    };
  }
  if (typeof kind !== 'string' || !isSharedKind(kind))
    invalid(`${path}.kind`, `one of ${PANEL_COMMAND_KINDS.join(', ')}`, kind);
  const reader = FieldReader.of(payload, `${path}.payload`);
  return { kind, payload: SHARED_PAYLOADS[kind](reader) } as WireCommand;
}

/** A command as portal-api sends it on NATS: `{ kind, ...fields }` (PanelCommand of the contracts). */
export function readNatsCommand(value: unknown, path = 'command'): PanelCommand {
  const reader = FieldReader.of(value, path);
  const kind = reader.raw('kind');
  if (kind === 'keyProof') {
    return { kind, key: reader.matching('key', PANEL_KEY_PATTERN, 'exactly 4 digits') };
  }
  if (typeof kind !== 'string' || !isSharedKind(kind))
    invalid(`${path}.kind`, `one of ${PANEL_COMMAND_KINDS.join(', ')}`, kind);
  return { kind, ...SHARED_PAYLOADS[kind](reader) } as PanelCommand;
}

/** What the gateway sends the panel for a NATS command; a key proof is asked with a fresh nonce. */
export function toWireCommand(command: PanelCommand, nonce: () => string): WireCommand {
  if (command.kind === 'keyProof') return { kind: 'keyProof', payload: { nonce: nonce() } };
  const { kind, ...payload } = command;
  return { kind, payload } as WireCommand;
}
