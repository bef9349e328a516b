import { PANEL_CONFIG_ID_MAX } from '../constants/limits.constants';
import { PANEL_TEXT_FIELD, SELECTABLE_MODE_FIELD } from './command-field.constants';
import { integer } from './command-fields.util';
import { definePanelCommand } from './panel-command.definition';

/** The zone editor (spec 2.16): a zone's name and mode (never MODE_NONE). */
export const zoneCommand = definePanelCommand({
  kind: 'zone',
  route: 'zone',
  summary: 'Rename a zone and set its mode',
  fields: {
    id: integer({ min: 0, protocolMax: PANEL_CONFIG_ID_MAX, description: 'Zone id' }),
    name: PANEL_TEXT_FIELD,
    mode: SELECTABLE_MODE_FIELD,
  },
  since: 2,
  needsCloudControl: true,
  auditLabel: 'Zone edit',
  webLabel: 'Zone edit',
  example: { id: 0, name: 'Reception', mode: 'MODE_ENABLED' },
});
