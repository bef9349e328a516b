export * from './constants/formats.constants';
export * from './constants/input-limits.constants';
export * from './constants/limits.constants';
export * from './constants/messages.constants';
export * from './constants/ui-timing.constants';

export * from './panel/buttons.catalogue';
export * from './panel/day-night.util';
export * from './panel/device-options.catalogue';
export * from './panel/device-types.catalogue';
export * from './panel/modes.catalogue';
export * from './panel/network-alarms.util';
export * from './panel/network-module.catalogue';
export * from './panel/panel-config.types';
export * from './panel/panel-labels.util';
export * from './panel/panel-supervision.constants';
export * from './panel/panel-types.catalogue';
export * from './panel/port-types.catalogue';
export * from './panel/printer-options.util';
export * from './panel/printer.catalogue';
export * from './panel/runtime.types';
export * from './panel/settings-fields.catalogue';
export * from './panel/tcp-mode.catalogue';

export * from './alarms/alarm-kinds.catalogue';
export * from './alarms/alarm-order.util';
export * from './alarms/escalation-policy.catalogue';
export * from './alarms/quiet-hours.catalogue';

export * from './events/event-categories.catalogue';
export * from './events/event-key.util';
export * from './events/event-time.util';

export * from './sites/audit-label.util';
export * from './sites/site-label.util';
export * from './sites/site-status.catalogue';
export * from './sites/test-mode-text.util';
export * from './sites/test-mode.constants';
export * from './restore/handled-before-restore.constants';

export * from './notifications/notification-status.util';
export * from './notifications/notification-text.util';
export * from './notifications/notification-types.catalogue';

export * from './relays/relay-status.types';
export * from './relays/relay-trigger.types';
export * from './relays/relay-trigger.util';

export * from './auth/token-payload.util';
export * from './auth/token.types';

export * from './util/host-address.util';
export * from './util/hwaddr.util';
export * from './util/identifiers.util';
export * from './util/text.util';

export * from './api/alarms-api.types';
export * from './api/push-api.types';
export * from './push/alarm-push.types';
export * from './api/auth-api.types';
export * from './api/two-factor-api.types';
export * from './api/sessions-api.types';
export * from './api/account-activity-api.types';
export * from './two-factor/two-factor.catalogue';
export * from './api/claims-api.types';
export * from './api/client-config-api.types';
export * from './api/notifications-api.types';
export * from './api/panel-api.types';
export * from './api/relays-api.types';
export * from './api/sites-api.types';
export * from './api/test-mode-api.types';
export * from './api/teams-api.types';

export * from './panel-commands/command-field.types';
export * from './panel-commands/command-fields.util';
export * from './panel-commands/command-fields.validation';
export * from './panel-commands/panel-command.definition';
export * from './panel-commands/panel-commands.registry';
export * from './panel-commands/settings-rules.util';

export * from './nats/nats-keys.util';
export * from './nats/nats-names.util';
export * from './nats/nats-access.definition';
export * from './nats/nats-permissions.util';
export * from './nats/panel-command.types';
export * from './nats/panel-event-message.validation';
export * from './nats/alert-events.definition';
export * from './nats/panel-messages.types';
export * from './nats/relay-verify.types';
export * from './nats/relay-action-test.types';

export * from './queues/job-ids.util';
export * from './queues/job-payloads.types';
export * from './queues/queue-names.constants';

export * from './livefeed/livefeed-messages.types';
export * from './livefeed/livefeed.util';
export * from './health/health-report.types';
export * from './health/portal-status.types';
export * from './constants/product.constants';
export * from './auth/reset-path.util';
export * from './nats/gateway-key.util';
export * from './api/webhooks-api.types';
export * from './webhooks/webhook-events.types';
export * from './webhooks/webhook-messages.util';
export * from './webhooks/webhook.constants';
