import { BUTTON_ACTIONS, BUTTON_DATA, panelButton, PANEL_BUTTONS } from '../panel/buttons.catalogue';
import { buttonData, oneOf } from './command-fields.util';
import { definePanelCommand } from './panel-command.definition';

const PAIRS = PANEL_BUTTONS.map((button) => `${button.action}/${button.data}`).join(', ');

/** The panel's four buttons (spec 2.13): only the four action/data pairs are accepted. */
export const buttonCommand = definePanelCommand({
  kind: 'button',
  route: 'buttons',
  summary: 'Press a panel button: start or stop the sounders, silence the buzzer, reset',
  fields: {
    action: oneOf(BUTTON_ACTIONS, { description: `action/data pairs: ${PAIRS}` }),
    data: buttonData(BUTTON_DATA),
  },
  since: 2,
  needsCloudControl: true,
  auditLabel: 'Panel button',
  webLabel: 'Panel button',
  example: { action: 'RESET', data: 'NA' },
  webLabelOf: ({ action, data }) =>
    panelButton(String(action), String(data))?.label ?? `${String(action)} ${String(data)}`,
});
