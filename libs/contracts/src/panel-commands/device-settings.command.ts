import { SELECTABLE_MODES } from '../panel/modes.catalogue';
import { MOD_IDX_FIELD, PORT_ID_FIELD } from './command-field.constants';
import { boolean, integer, object, oneOf, optional, packedDayNight } from './command-fields.util';
import { definePanelCommand } from './panel-command.definition';
import { deviceSettingsProblem } from './settings-rules.util';

const BYTE = { min: 0, protocolMax: 255 } as const;

/**
 * The device editor's settings (spec 2.18). Which fields the device's port type uses, and which
 * modes its device type allows, are checked against the panel's configuration.
 */
export const deviceSettingsCommand = definePanelCommand({
  kind: 'deviceSettings',
  route: 'device',
  summary: "Save a device's settings",
  badRequest: 'a field or mode does not fit the device',
  fields: {
    port_id: PORT_ID_FIELD,
    mod_idx: MOD_IDX_FIELD,
    settings: object(
      {
        mode: optional(oneOf(SELECTABLE_MODES, { description: "One of the modes the device's type allows" })),
        address: optional(integer({ ...BYTE, description: 'Loop address of the device' })),
        deviceOptions: optional(packedDayNight({ description: 'Day option in bits 0-2, night option in bits 4-6' })),
        inputType: optional(integer(BYTE)),
        resetTime: optional(integer({ min: 0, protocolMax: 3600, description: 'Seconds' })),
        sounderType: optional(integer(BYTE)),
        isNormallyClosed: optional(boolean()),
        relayType: optional(integer(BYTE)),
      },
      {
        description: "Only the fields the device's port type uses; the ones left out keep their values",
        rules: { nonEmpty: true },
      },
    ),
  },
  since: 2,
  needsCloudControl: true,
  auditLabel: 'Device settings',
  webLabel: 'Device settings',
  example: { port_id: 0, mod_idx: 1, settings: { mode: 'MODE_BOTH_DISABLED' } },
  configurationProblem(network, { port_id, mod_idx, settings }) {
    const module = network?.modules.find((candidate) => candidate.port_id === port_id);
    const device = network?.devices.find((candidate) => candidate.port_id === port_id && candidate.mod_idx === mod_idx);
    if (!module || !device) return { notFound: `This panel has no device ${mod_idx} on port ${port_id}` };
    const problem = deviceSettingsProblem(module.port_type, device, settings);
    return problem ? { invalid: problem } : null;
  },
});
