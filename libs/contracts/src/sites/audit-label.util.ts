import { ALARM_AUDIT_KIND, ALARM_AUDIT_LABEL } from '../alarms/alarm-kinds.catalogue';
import { panelCommandAuditLabel } from '../panel-commands/panel-commands.registry';
import { isTestModeAuditKind, TEST_MODE_AUDIT_LABELS } from './test-mode.constants';

/** How a site's command audit log names a row: a panel command, a test mode's start or end, an acknowledged alarm. */
export function auditEntryLabel(kind: string): string {
  if (isTestModeAuditKind(kind)) return TEST_MODE_AUDIT_LABELS[kind];
  if (kind === ALARM_AUDIT_KIND) return ALARM_AUDIT_LABEL;
  return panelCommandAuditLabel(kind);
}
