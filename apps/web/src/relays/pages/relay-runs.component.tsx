import { Badge, Table } from 'react-bootstrap';
import { hwaddrToColonForm, type RelayActionRunDto } from '@app/contracts';
import { useAppSelector } from '../../shared/store-hooks';
import { selectRelayRuns, selectSiteNames } from '../relays.selectors';
import { shownTime } from '../../shared/shown-time.util';

const OUTCOME: Readonly<Record<RelayActionRunDto['status'], { label: string; bg: string }>> = {
  pending: { label: 'Running', bg: 'secondary' },
  succeeded: { label: 'Succeeded', bg: 'success' },
  failed: { label: 'Failed', bg: 'danger' },
  // Its site was in test mode: nothing was driven (docs/test-mode.md).
  suppressed: { label: 'Suppressed', bg: 'info' },
  // Driven before a database restore lost its record; what came of it is unknown (docs/backup-restore.md).
  'handled-before-restore': { label: 'Before restore', bg: 'secondary' },
};

/** Outcomes whose error column says why nothing (more) is known, not what went wrong. */
const EXPLAINED: ReadonlySet<RelayActionRunDto['status']> = new Set(['suppressed', 'handled-before-restore']);

/** The relay's latest runs (newest first): when each action fired, for which site and event, and how it went. */
export function RelayRuns({ relayId }: { relayId: number }) {
  const runs = useAppSelector((state) => selectRelayRuns(state, relayId));
  const siteNames = useAppSelector(selectSiteNames);
  return (
    <section className="relay-runs mt-4" aria-label="Recent runs">
      <h2 className="h5">Recent runs</h2>
      {runs.length === 0 ? (
        <p className="text-muted">No runs yet: an action runs when its site reports a fire or a fault.</p>
      ) : (
        <Table size="sm" striped responsive className="table-reflow">
          <thead>
            <tr>
              <th>When</th>
              <th>Site</th>
              <th>Event</th>
              <th>Attempts</th>
              <th>Outcome</th>
              <th>Error</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id} data-run-status={run.status}>
                <td data-label="When">{shownTime(run.created_at)}</td>
                <td data-label="Site">{siteNames.get(run.hwaddr) || hwaddrToColonForm(run.hwaddr)}</td>
                <td data-label="Event" title={`Panel event ${run.event_seq}`}>
                  {run.trigger === 'fire' ? 'Fire' : 'Fault'}
                </td>
                <td data-label="Attempts">{run.attempts}</td>
                <td data-label="Outcome">
                  <Badge bg={OUTCOME[run.status]?.bg ?? 'secondary'}>{OUTCOME[run.status]?.label ?? run.status}</Badge>
                </td>
                <td data-label="Error" className={EXPLAINED.has(run.status) ? 'text-muted' : 'text-danger'}>
                  {run.error ?? ''}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
