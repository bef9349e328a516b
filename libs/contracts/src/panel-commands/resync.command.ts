import { definePanelCommand } from './panel-command.definition';

/** Asks the panel to send its configuration (and runtime) of every network again. Sent by portal-api alone. */
export const resyncCommand = definePanelCommand({
  kind: 'resync',
  summary: 'Send a `config` snapshot and a `runtime` report of every network again',
  fields: {},
  since: 2,
  needsCloudControl: false,
  auditLabel: 'Configuration resync',
  webLabel: 'Configuration resync',
  example: {},
});
