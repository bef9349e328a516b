import { Table } from 'react-bootstrap';
import type { TimelineRow } from '../alarms.selectors';

/** An alarm's changes, oldest first: when, what, who, and the event's title, the note or why it cleared. */
export function AlarmTimeline({ rows }: { rows: TimelineRow[] }) {
  return (
    <Table size="sm" striped responsive className="alarm-timeline" data-testid="alarm-timeline">
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
            <td>{row.time}</td>
            <td>{row.change}</td>
            <td className="alarm-timeline__by">{row.by ?? ''}</td>
            <td>{row.text}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
