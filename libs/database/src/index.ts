export * from './entities';
export { MIGRATIONS } from './migrations';
export { createDataSource, DEFAULT_DATABASE_URL, type CreateDataSourceOptions } from './data-source';
export { runMigrations } from './run-migrations';
export {
  APP_DATABASE_ROLES,
  EVERY_TABLE,
  MIGRATIONS_TABLE,
  type AppDatabaseRole,
  type TablePrivilege,
} from './roles/app-database-roles.constants';
export { APP_ROLE_PRIVILEGES } from './roles/app-role-privileges.constants';
export { syncAppRolePrivileges, wantedPrivileges, type RolePrivilegeChanges } from './roles/app-role-privileges.util';
export { ensureDatabaseExists, dropDatabase, databaseNameOf, maintenanceDatabaseUrl } from './ensure-database.util';
export { pingDatabase } from './database-health.util';
export { DatabaseModule, DatabaseShutdown } from './database.module';
export { DATABASE_MODULE_OPTIONS } from './database.constants';
export type { DatabaseModuleOptions, DatabaseModuleAsyncOptions } from './database-module-options.types';
export { DatabaseHealth } from './database-health.registration';
export { toNotificationDto } from './mappers/notification-dto.util';
export { toRelayActionRunDto } from './mappers/relay-action-run-dto.util';
export { DeadLettersRepository } from './dead-letters/dead-letters.repository';
export {
  panelIdentitiesInsert,
  type PanelIdentityRow,
  type PanelIdentitiesInsertOptions,
} from './panel-identities/panel-identities-insert.util';
export {
  ALARM_DECISIONS_CTES,
  alarmKey,
  alarmTestMode,
  alarmTestModes,
  forgetAlarmTestMarks,
  type AlarmArrival,
  type AlarmTestMode,
} from './test-modes/alarm-test-marks.util';
export { alarmMailJobId, recordOwedAlarmMails, type AlarmMailJob } from './mail-deliveries/owed-alarm-mails.util';
export { OPEN_WEBHOOK_STATES_SQL, owedWebhookDeliveries, recordOwedWebhooks } from './webhooks/owed-webhooks.util';
export {
  ACCESS_GRANTING_CLAIM_STATUS,
  accessGrantingClaims,
  claimGrantsAccess,
  claimGrantsControl,
} from './claims/claim-access.scope';
export { onEachKeptConnection } from './each-kept-connection.util';
export { AlarmPathWarmup, WARMUP_SITE } from './alarm-path-warmup';
export { outsideQuietHours } from './quiet-hours/quiet-hours.scope';
export {
  owedOutagePush,
  pushDevicesOfSite,
  recordOwedPushes,
  type OwedPush,
  type PushDeviceOfSite,
} from './push/owed-pushes.util';
