import { Table } from 'react-bootstrap';
import type { TimelineRow } from '../alarms.selectors';

/** An alarm's changes, oldest first: when, what, who, and the event's title, the note or why it cleared. */
export function AlarmTimeline({ rows }: { rows: TimelineRow[] }) {
  return (
    <Table size="sm" striped className="alarm-timeline table-reflow" data-testid="alarm-timeline">
      <thead>
        <tr>
          <th>When</th>
          <th>Change</th>
          <th>Who</th>
          <th>Details</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td data-label="When">{row.time}</td>
            <td data-label="Change">{row.change}</td>
            <td data-label="Who" className="alarm-timeline__by">
              {row.by ?? ''}
            </td>
            <td data-label="Details">{row.text}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
