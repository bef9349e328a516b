import { Alert, Badge, Table } from 'react-bootstrap';
import { formatEventTime, panelButton } from '@app/contracts';
import { useAppSelector } from '../../app/app-hooks';
import { selectRecentCommands } from '../panels.selectors';
import type { CommandAuditEntry } from '@app/contracts';

const KIND_NAMES: Readonly<Record<string, string>> = {
  zone: 'Zone edit',
  deviceName: 'Device name',
  deviceZone: 'Device zone',
  strings: 'Panel info',
  moduleSettings: 'Module settings',
  deviceSettings: 'Device settings',
};

const OUTCOME_STYLES: Readonly<Record<string, string>> = {
  ok: 'success',
  pending: 'secondary',
  timeout: 'warning',
};

/** What was asked: a button's label, or the kind of edit. */
function commandName(entry: Pick<CommandAuditEntry, 'kind' | 'command'>): string {
  if (entry.kind === 'button') {
    const { action, data } = entry.command;
    return panelButton(String(action), String(data))?.label ?? `${String(action)} ${String(data)}`;
  }
  return KIND_NAMES[entry.kind] ?? entry.kind;
}

/** The site's command log for this panel: who, when, what, outcome (newest first). */
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
        <Table size="sm" striped responsive>
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
                <td>{formatEventTime(entry.date)}</td>
                <td>{entry.userName}</td>
                <td>{commandName(entry)}</td>
                <td>
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
