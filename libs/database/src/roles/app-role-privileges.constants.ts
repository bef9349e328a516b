import {
  APP_DATABASE_ROLES,
  EVERY_TABLE,
  type AppDatabaseRole,
  type TablePrivilege,
} from './app-database-roles.constants';

const READ: readonly TablePrivilege[] = ['SELECT'];
const RECORD: readonly TablePrivilege[] = ['SELECT', 'INSERT'];
const KEEP: readonly TablePrivilege[] = ['SELECT', 'INSERT', 'UPDATE'];

/**
 * What each app's role may do on each table; a table not named: nothing. Every test that starts an
 * app connects as its role (libs/testing's serviceVariables, the gateway's harness), so a statement
 * an app needs and its role lacks fails its tests with 'permission denied for table …'.
 */
export const APP_ROLE_PRIVILEGES: Record<
  AppDatabaseRole,
  typeof EVERY_TABLE | Readonly<Record<string, readonly TablePrivilege[]>>
> = {
  // The API, the live feed, the ingest and the alarms: the schema's data, none of its structure.
  [APP_DATABASE_ROLES.portalApi]: EVERY_TABLE,
  // Checks each connecting panel's identity, nothing else.
  [APP_DATABASE_ROLES.panelGateway]: { panel_identities: READ },
  // Reads the sites' relay actions and their boards; records the runs it owes and drives.
  [APP_DATABASE_ROLES.relayWorker]: {
    alarm_test_marks: RECORD,
    claims: READ,
    notifications: RECORD,
    relay_action_runs: KEEP,
    relay_actions: READ,
    relays: READ,
    site_test_modes: READ,
  },
  // Reads who is owed a mail, a push or a webhook message of an alarm; records what it sends.
  [APP_DATABASE_ROLES.mailer]: {
    alarm_escalations: ['SELECT', 'UPDATE'],
    alarm_test_marks: RECORD,
    alarm_timeline: READ,
    alarms: READ,
    claims: READ,
    events: READ,
    mail_deliveries: KEEP,
    panel_networks: READ,
    panel_outages: READ,
    push_deliveries: KEEP,
    // A device the push service says is gone is removed; one that answers is noted as seen.
    push_devices: ['SELECT', 'UPDATE', 'DELETE'],
    site_test_modes: READ,
    user_quiet_hours: READ,
    users: READ,
    webhook_attempts: KEEP,
    webhook_deliveries: KEEP,
    webhook_endpoints: READ,
  },
};
