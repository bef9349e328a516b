import { MOD_IDX_FIELD, PANEL_TEXT_FIELD, PORT_ID_FIELD } from './command-field.constants';
import { definePanelCommand } from './panel-command.definition';

/** The device editor's name (spec 2.18); its route is the spec's `tmp-name`. */
export const deviceNameCommand = definePanelCommand({
  kind: 'deviceName',
  route: 'tmp-name',
  summary: 'Rename a device',
  fields: { port_id: PORT_ID_FIELD, mod_idx: MOD_IDX_FIELD, name: PANEL_TEXT_FIELD },
  since: 2,
  needsCloudControl: true,
  auditLabel: 'Device rename',
  webLabel: 'Device name',
  example: { port_id: 0, mod_idx: 4, name: 'Hall smoke' },
});
