import { MODULE_ADDRESS_MAX, MODULE_ADDRESS_MIN, TCP_PORT_MAX, TCP_PORT_MIN } from '../constants/limits.constants';
import { NETWORK_MODULE_SETTINGS } from '../panel/network-module.catalogue';
import { PRINTER_BIT_RATES, PRINTER_OPTIONS_MAX } from '../panel/printer.catalogue';
import { TCP_MODES } from '../panel/tcp-mode.catalogue';
import { PORT_ID_FIELD } from './command-field.constants';
import { host, integer, ipv4, object, oneOf, optional } from './command-fields.util';
import { definePanelCommand } from './panel-command.definition';
import { moduleSettingsProblem } from './settings-rules.util';

const BIT_RATES = PRINTER_BIT_RATES.map((rate) => `${rate.code} = ${rate.baud}`).join(', ');

/**
 * The module editor (spec 2.17): some settings of one module. Which fields belong to the module's
 * port type is checked against the panel's configuration; `setting` of MOD_NWM is read-only.
 */
export const moduleSettingsCommand = definePanelCommand({
  kind: 'moduleSettings',
  route: 'module',
  summary: "Save a module's settings",
  badRequest: "a field does not belong to the module's port type",
  fields: {
    port_id: PORT_ID_FIELD,
    settings: object(
      {
        address: optional(
          integer({ min: MODULE_ADDRESS_MIN, max: MODULE_ADDRESS_MAX, description: 'Network module (MOD_NWM)' }),
        ),
        setting: optional(
          oneOf(NETWORK_MODULE_SETTINGS, { description: 'Network module (MOD_NWM); read-only, never changed' }),
        ),
        bitRate: optional(
          oneOf(
            PRINTER_BIT_RATES.map((rate) => rate.code),
            { description: `Printer module (MOD_232): ${BIT_RATES}` },
          ),
        ),
        printerOptions: optional(
          integer({
            min: 0,
            max: PRINTER_OPTIONS_MAX,
            description: 'Printer module (MOD_232): option bits, Alarms in bit 0',
          }),
        ),
        cloudAddress: optional(host({ description: 'TCP/IP module (MOD_TCP): IP address or DNS name of the cloud' })),
        cloudPort: optional(integer({ min: TCP_PORT_MIN, max: TCP_PORT_MAX })),
        ip: optional(ipv4()),
        dns: optional(ipv4()),
        mask: optional(ipv4()),
        gateway: optional(ipv4()),
        mode: optional(oneOf(TCP_MODES, { description: 'TCP/IP module (MOD_TCP)' })),
      },
      {
        description: "Only the fields of the module's port type; the ones left out keep their values",
        rules: { readOnly: ['setting'], nonEmpty: true },
      },
    ),
  },
  since: 2,
  needsCloudControl: true,
  auditLabel: 'Module settings',
  webLabel: 'Module settings',
  example: { port_id: 3, settings: { cloudPort: 7701, mode: 'DHCP' } },
  configurationProblem(network, { port_id, settings }) {
    const module = network?.modules.find((candidate) => candidate.port_id === port_id);
    if (!module) return { notFound: `This panel has no module on port ${port_id}` };
    const problem = moduleSettingsProblem(module, settings);
    return problem ? { invalid: problem } : null;
  },
});
