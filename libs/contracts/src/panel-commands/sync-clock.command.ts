import { setByPortal, utcDateTime } from './command-fields.util';
import { definePanelCommand } from './panel-command.definition';

/**
 * Sets the panel's clock to the portal's, for a panel whose events come stamped with a time out of
 * step (the 'Panel time possibly out of sync' notification). The request has no body: portal-api
 * sets `time` from its own clock as the command leaves. The clock is the panel's, not a network's:
 * any network of the panel carries the command.
 */
export const syncClockCommand = definePanelCommand({
  kind: 'syncClock',
  route: 'clock',
  summary: "Set the panel's clock to the portal's time",
  fields: {
    time: setByPortal(
      utcDateTime({ description: "The portal's time as the command left portal-api (UTC, ISO 8601)" }),
      () => new Date().toISOString(),
    ),
  },
  since: 3,
  needsCloudControl: true,
  auditLabel: 'Panel clock sync',
  webLabel: 'Sync panel clock',
  example: {},
});
