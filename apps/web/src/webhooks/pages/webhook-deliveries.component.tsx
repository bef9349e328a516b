import { memo } from 'react';
import { Alert, Badge, Table } from 'react-bootstrap';
import { useAppSelector } from '../../shared/store-hooks';
import { selectDeliveryRows, selectSiteWebhook, type DeliveryRow } from '../webhooks.selectors';

const TIME_LABEL = 'Time (UTC)';

/** One delivery; a refresh that leaves it alone keeps its row object, so it does not render again. */
const DeliveryRowView = memo(function DeliveryRowView({ row }: { row: DeliveryRow }) {
  const darkText = row.stateBg === 'warning' || row.stateBg === 'info';
  return (
    <tr>
      <td data-label={TIME_LABEL}>{row.time}</td>
      <td data-label="Type">{row.type}</td>
      <td data-label="State">
        {/* One block, so that on a phone it sits beside its label as a whole. */}
        <div>
          <Badge bg={row.stateBg} text={darkText ? 'dark' : undefined}>
            {row.state}
          </Badge>
          {row.possibleRepeat && (
            <Badge
              bg="light"
              text="dark"
              className="ms-1 border"
              title="A try was cut short with its outcome unknown: the receiver may have this message twice (same webhook-id)."
            >
              Possible repeat
            </Badge>
          )}
          {row.reason && <div className="small text-muted">{row.reason}</div>}
        </div>
      </td>
      <td data-label="Tries">{row.tries}</td>
    </tr>
  );
});

/** The site's latest deliveries, newest first, each with its state and tries. */
export function WebhookDeliveries({ hwaddr }: { hwaddr: string }) {
  const rows = useAppSelector((state) => selectDeliveryRows(state, hwaddr));
  const answered = useAppSelector((state) => selectSiteWebhook(state, hwaddr).deliveries !== null);
  const error = useAppSelector((state) => selectSiteWebhook(state, hwaddr).deliveriesError);
  return (
    <section className="webhook-deliveries mt-4" aria-labelledby="webhook-deliveries-title">
      <h3 id="webhook-deliveries-title" className="h6">
        Deliveries
      </h3>
      {error && (
        <Alert variant="warning" role="alert">
          The deliveries could not be loaded: {error}
        </Alert>
      )}
      {!answered ? null : rows.length === 0 ? (
        <p className="text-muted small">No deliveries yet: &apos;Send test&apos; sends one.</p>
      ) : (
        <Table size="sm" striped className="webhook-deliveries__table table-reflow">
          <thead>
            <tr>
              <th>{TIME_LABEL}</th>
              <th>Type</th>
              <th>State</th>
              <th>Tries</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <DeliveryRowView key={row.messageId} row={row} />
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
