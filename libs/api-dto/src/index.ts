export * from './validation/field-checks.util';
export * from './validation/field-rule.decorator';
export * from './validation/hwaddr-field.decorator';
export * from './validation/json-nesting.util';
export * from './validation/request-value.util';
export * from './validation/validate-dto.util';

export * from './auth/account-update.dto';
export * from './auth/login.dto';
export * from './auth/two-factor.dto';
export * from './auth/register.dto';
export * from './auth/reset-password-request.dto';
export * from './auth/reset-password.dto';

export * from './claims/claim-create.dto';
export * from './claims/claim-email.dto';
export * from './claims/claim-remove.dto';

export * from './sites/events-export-query.dto';
export * from './sites/events-query.dto';
export * from './sites/site-name.dto';
export * from './sites/test-mode-start.dto';

export * from './relays/relay-action-request.dto';
export * from './relays/relay-action-test.dto';
export * from './relays/relay-create.dto';
export * from './relays/relay-test.dto';
export * from './relays/relay-update.dto';

export * from './params/digits-to-number.transform';
export * from './params/hwaddr-param.dto';
export * from './params/id-param.dto';
export * from './params/uuid-param.dto';
export * from './params/panel-params.dto';
export * from './params/relay-action-params.dto';

export * from './openapi/api-property.constants';

export * from './responses/account-response.dto';
export * from './responses/claim-status-response.dto';
export * from './responses/client-config-response.dto';
export * from './responses/command-audit-entry-response.dto';
export * from './responses/error-response.dto';
export * from './responses/events-page-response.dto';
export * from './responses/notification-response.dto';
export * from './responses/relay-action-run-response.dto';
export * from './responses/relay-response.dto';
export * from './responses/relay-status-response.dto';
export * from './responses/site-detail-response.dto';
export * from './responses/site-people-response.dto';
export * from './responses/site-panel-response.dto';
export * from './responses/site-summary-response.dto';
export * from './responses/site-test-mode-response.dto';
export * from './responses/token-response.dto';
export * from './webhooks/site-webhook.dto';
export * from './responses/site-webhook-response.dto';
export * from './alarms/alarm-acknowledge.dto';
export * from './alarms/site-escalation.dto';
export * from './responses/alarm-response.dto';
export * from './push/push-device.dto';
export * from './responses/push-response.dto';
export * from './responses/panel-clock-response.dto';
export * from './responses/portal-status-response.dto';
export * from './responses/two-factor-response.dto';
export * from './responses/session-response.dto';
export * from './responses/account-activity-response.dto';
export * from './auth/quiet-hours.dto';
export * from './teams/teams.dto';
