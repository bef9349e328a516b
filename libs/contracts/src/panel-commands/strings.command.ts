import { PANEL_TEXT_FIELD } from './command-field.constants';
import { definePanelCommand } from './panel-command.definition';

/** The About screen's texts (spec 2.15): each at most 47 characters, empty allowed. */
export const stringsCommand = definePanelCommand({
  kind: 'strings',
  route: 'strings',
  summary: "Set the panel's texts (name, company, site, phone number)",
  fields: {
    panelName: PANEL_TEXT_FIELD,
    panelCompanyName: PANEL_TEXT_FIELD,
    panelSiteName: PANEL_TEXT_FIELD,
    panelPhoneNumber: PANEL_TEXT_FIELD,
  },
  since: 2,
  needsCloudControl: true,
  auditLabel: 'Panel texts',
  webLabel: 'Panel info',
  example: { panelName: 'Main panel', panelCompanyName: 'Acme Fire', panelSiteName: 'Depot', panelPhoneNumber: '0123' },
});
