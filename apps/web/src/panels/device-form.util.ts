import {
  allowedDeviceModes,
  deviceOptionChoices,
  deviceSettingsFields,
  deviceTypeByNumber,
  packDayNight,
  unpackDayNight,
  type DeviceConfig,
  type DeviceSettings,
  type DeviceType,
  type Mode,
  type OptionChoice,
} from '@app/contracts';
import { collectProblems, panelTextProblem, wholeNumberProblem, type FormProblems } from './form-checks.util';
import type { DeviceSaveRequest } from './panels.slice';

/** The device editor's fields as the inputs hold them (spec 2.18). */
export interface DeviceForm {
  name: string;
  zone: number;
  mode: Mode | '';
  address: string;
  /** Day and night option choices; packed into deviceOptions on save. */
  day: number;
  night: number;
  inputType: string;
  resetTime: string;
  sounderType: string;
  isNormallyClosed: boolean;
  relayType: string;
}

export type DeviceFormField = keyof DeviceForm;

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

export function deviceFormOf(device: DeviceConfig): DeviceForm {
  const options = unpackDayNight(device.settings.deviceOptions ?? 0);
  return {
    name: device.name,
    zone: device.zone,
    mode: device.settings.mode ?? '',
    address: text(device.settings.address),
    day: options.day,
    night: options.night,
    inputType: text(device.settings.inputType),
    resetTime: text(device.settings.resetTime),
    sounderType: text(device.settings.sounderType),
    isNormallyClosed: device.settings.isNormallyClosed ?? false,
    relayType: text(device.settings.relayType),
  };
}

/** What the editor shows for a device of this port type and device type. */
export interface DeviceEditorShape {
  type: DeviceType;
  fields: ReturnType<typeof deviceSettingsFields>;
  modes: readonly Mode[];
  /** Day/night choices, or null when the device has no options (or its port type carries none). */
  optionChoices: readonly OptionChoice[] | null;
}

export function deviceEditorShape(portType: string, device: Pick<DeviceConfig, 'type'>): DeviceEditorShape {
  const type = deviceTypeByNumber(device.type);
  const fields = deviceSettingsFields(portType);
  return {
    type,
    fields,
    modes: allowedDeviceModes(portType, type),
    optionChoices: fields.includes('deviceOptions') ? deviceOptionChoices(type) : null,
  };
}

export function deviceFormProblems(
  form: DeviceForm,
  shape: DeviceEditorShape,
  zoneIds: readonly number[],
): FormProblems<DeviceFormField> {
  const has = (field: keyof DeviceSettings) => shape.fields.includes(field);
  const choiceCount = shape.optionChoices?.length ?? 0;
  return collectProblems<DeviceFormField>([
    ['name', panelTextProblem('Name', form.name)],
    ['zone', zoneIds.includes(form.zone) ? null : 'Choose a zone of this panel.'],
    [
      'mode',
      has('mode') && !(form.mode !== '' && shape.modes.includes(form.mode))
        ? 'Choose a mode this device allows.'
        : null,
    ],
    ['address', has('address') ? wholeNumberProblem('Address', form.address, 0) : null],
    ['day', shape.optionChoices && (form.day < 0 || form.day >= choiceCount) ? 'Choose a day option.' : null],
    ['night', shape.optionChoices && (form.night < 0 || form.night >= choiceCount) ? 'Choose a night option.' : null],
    ['inputType', has('inputType') ? wholeNumberProblem('Input type', form.inputType, 0) : null],
    ['resetTime', has('resetTime') ? wholeNumberProblem('Reset time', form.resetTime, 0) : null],
    ['sounderType', has('sounderType') ? wholeNumberProblem('Sounder type', form.sounderType, 0) : null],
    ['relayType', has('relayType') ? wholeNumberProblem('Relay type', form.relayType, 0) : null],
  ]);
}

/** The settings of the device's port type from the form; device options packed day | night << 4. */
export function deviceSettingsOf(form: DeviceForm, shape: DeviceEditorShape): DeviceSettings {
  const settings: DeviceSettings = {};
  for (const field of shape.fields) {
    switch (field) {
      case 'mode':
        if (form.mode !== '') settings.mode = form.mode;
        break;
      case 'deviceOptions':
        if (shape.optionChoices) settings.deviceOptions = packDayNight(form.day, form.night);
        break;
      case 'isNormallyClosed':
        settings.isNormallyClosed = form.isNormallyClosed;
        break;
      default:
        settings[field] = Number(form[field].trim());
    }
  }
  return settings;
}

/** Only what changed: the name, the zone and the settings are three calls of the API. */
export function deviceSaveOf(device: DeviceConfig, form: DeviceForm, shape: DeviceEditorShape): DeviceSaveRequest {
  const request: DeviceSaveRequest = { port_id: device.port_id, mod_idx: device.mod_idx };
  if (form.name !== device.name) request.name = form.name;
  if (form.zone !== device.zone) request.zoneId = form.zone;
  const settings = deviceSettingsOf(form, shape);
  const before = deviceSettingsOf(deviceFormOf(device), shape);
  if (JSON.stringify(settings) !== JSON.stringify(before)) request.settings = settings;
  return request;
}
