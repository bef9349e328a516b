import { PANEL_CONFIG_ID_MAX } from '../constants/limits.constants';
import { MOD_IDX_FIELD, PORT_ID_FIELD } from './command-field.constants';
import { integer } from './command-fields.util';
import { definePanelCommand } from './panel-command.definition';

/** The device editor's zone (spec 2.18); its route is the spec's `tmp-zone`. */
export const deviceZoneCommand = definePanelCommand({
  kind: 'deviceZone',
  route: 'tmp-zone',
  summary: 'Move a device to another zone',
  fields: {
    port_id: PORT_ID_FIELD,
    mod_idx: MOD_IDX_FIELD,
    zoneId: integer({ min: 0, protocolMax: PANEL_CONFIG_ID_MAX, description: 'The zone to move the device to' }),
  },
  since: 2,
  needsCloudControl: true,
  auditLabel: 'Device zone change',
  webLabel: 'Device zone',
  example: { port_id: 0, mod_idx: 4, zoneId: 2 },
});
