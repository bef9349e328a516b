import { Alert, Badge, Table } from 'react-bootstrap';
import {
  ALARM_AUDIT_KIND,
  ALARM_AUDIT_LABEL,
  isTestModeAuditKind,
  panelCommandWebLabel,
  TEST_MODE_AUDIT_KINDS,
} from '@app/contracts';
import { useAppSelector } from '../../shared/store-hooks';
import { selectRecentCommands } from '../panels.selectors';
import type { CommandAuditEntry } from '@app/contracts';
import { shownTime } from '../../shared/shown-time.util';

const OUTCOME_STYLES: Readonly<Record<string, string>> = {
  ok: 'success',
  pending: 'secondary',
  timeout: 'warning',
};

/**
 * What was asked, as the command's definition names it in the web client (a button by its label);
 * the site's test mode started or ended with its reason (docs/test-mode.md); an alarm acknowledged
 * with its title and note (docs/alarms.md).
 */
export function commandName(entry: Pick<CommandAuditEntry, 'kind' | 'command'>): string {
  if (isTestModeAuditKind(entry.kind)) return testModeEntryName(entry.kind, entry.command);
  if (entry.kind === ALARM_AUDIT_KIND) return acknowledgementName(entry.command);
  return panelCommandWebLabel(entry.kind, entry.command);
}

function acknowledgementName(command: Readonly<Record<string, unknown>>): string {
  const title = typeof command.title === 'string' && command.title !== '' ? `: ${command.title}` : '';
  const note = typeof command.note === 'string' && command.note !== '' ? ` (${command.note})` : '';
  return `${ALARM_AUDIT_LABEL}${title}${note}`;
}

function testModeEntryName(kind: string, command: Readonly<Record<string, unknown>>): string {
  const reason = typeof command.reason === 'string' ? `: ${command.reason}` : '';
  if (kind === TEST_MODE_AUDIT_KINDS.started) {
    const until = typeof command.until === 'string' ? ` until ${shownTime(command.until)}` : '';
    return `Test mode started${until}${reason}`;
  }
  return `Test mode ended${command.asPlanned === true ? ' as planned' : ''}${reason}`;
}

/** The site's command log for this panel, with the site's test mode: who, when, what, outcome (newest first). */
export function RecentCommands({ hwaddr, networkId }: { hwaddr: string; networkId: number }) {
  const { entries, loading, error } = useAppSelector((state) => selectRecentCommands(state, hwaddr, networkId));
  return (
    <section className="recent-commands mt-4" aria-labelledby="recent-commands-title">
      <h2 id="recent-commands-title" className="h5">
        Recent commands
      </h2>
      {error && <Alert variant="danger">{error}</Alert>}
      {!error && entries.length === 0 && (
        <p className="text-muted">{loading ? 'Loading commands...' : 'No commands sent to this panel yet.'}</p>
      )}
      {entries.length > 0 && (
        <Table size="sm" striped responsive className="table-reflow">
          <thead>
            <tr>
              <th>When</th>
              <th>Who</th>
              <th>Command</th>
              <th>Outcome</th>
            </tr>
          </thead>
          <tbody>
            {entries.slice(0, 10).map((entry) => (
              <tr key={entry.id} data-outcome={entry.outcome}>
                <td data-label="When">{shownTime(entry.date)}</td>
                <td data-label="Who">{entry.userName}</td>
                <td data-label="Command">{commandName(entry)}</td>
                <td data-label="Outcome">
                  <Badge bg={OUTCOME_STYLES[entry.outcome] ?? 'danger'}>{entry.outcome}</Badge>
                  {entry.reason && <span className="ms-2 small text-muted">{entry.reason}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
