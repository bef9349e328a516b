import { useEffect, useState } from 'react';
import { Alert, Badge, Button, ButtonGroup, Col, Form, ListGroup, Row } from 'react-bootstrap';
import { EVENT_CATEGORY_FILTERS, EVENT_CATEGORY_FILTER_LABELS, defaultEventRange } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { eventsExportRequested, selectEventsExport } from '../events-export.slice';
import { utcDayOf } from '../events-query.util';
import { selectEvents, selectEventRows, selectEventsEmptyMessage, selectEventsPaging } from '../events.selectors';
import { eventsCategoryChosen, eventsClosed, eventsDatesChosen, eventsOpened, eventsPageChosen } from '../events.slice';
import { CategoryIcon } from './category-icon.component';
import { EventDatePicker } from './event-date-picker.component';
import { EVENTS_RANGE_REVERSED } from './events-messages.constants';

/** The events page of a site, or of one of its panel networks (spec 2.10). */
export function EventsList({ hwaddr, networkId }: { hwaddr: string; networkId?: number }) {
  const dispatch = useAppDispatch();
  const { filter, loading, error } = useAppSelector(selectEvents);
  const rows = useAppSelector(selectEventRows);
  const paging = useAppSelector(selectEventsPaging);
  const emptyMessage = useAppSelector(selectEventsEmptyMessage);
  const exported = useAppSelector(selectEventsExport);
  // A From after To stays here, shown with its message, and is never sent (nor a stale list shown).
  const [rejectedRange, setRejectedRange] = useState<{ from: string; to: string } | null>(null);
  const shownRange = rejectedRange ?? { from: filter.from, to: filter.to };
  const pickDates = (picked: { from?: string; to?: string }) => {
    const next = { from: picked.from ?? shownRange.from, to: picked.to ?? shownRange.to };
    if (next.from && next.to && next.from > next.to) {
      setRejectedRange(next);
      return;
    }
    setRejectedRange(null);
    if (next.from !== filter.from || next.to !== filter.to) dispatch(eventsDatesChosen(next));
  };

  useEffect(() => {
    const range = defaultEventRange();
    dispatch(eventsOpened({ hwaddr, from: range.start.toISOString(), to: utcDayOf(range.end), networkId }));
    return () => {
      dispatch(eventsClosed({ hwaddr }));
    };
  }, [dispatch, hwaddr, networkId]);

  return (
    <section className="events-list">
      <ButtonGroup className="mb-3 flex-wrap" aria-label="Category">
        {EVENT_CATEGORY_FILTERS.map((category) => (
          <Button
            key={category}
            variant={filter.category === category ? 'primary' : 'outline-primary'}
            onClick={() => dispatch(eventsCategoryChosen(category))}
          >
            {EVENT_CATEGORY_FILTER_LABELS[category]}
          </Button>
        ))}
      </ButtonGroup>
      <Row className="mb-3 g-2">
        <Col sm="auto">
          <Form.Label htmlFor="events-from">From</Form.Label>
          <EventDatePicker
            id="events-from"
            value={shownRange.from}
            invalid={rejectedRange !== null}
            onPick={(from) => pickDates({ from })}
          />
        </Col>
        <Col sm="auto">
          <Form.Label htmlFor="events-to">To</Form.Label>
          <EventDatePicker
            id="events-to"
            value={shownRange.to}
            invalid={rejectedRange !== null}
            onPick={(to) => pickDates({ to })}
          />
        </Col>
        <Col sm="auto" className="align-self-end">
          {/* Every event of the shown range and category as CSV, not only this page. */}
          <Button
            variant="outline-secondary"
            disabled={exported.exporting || rejectedRange !== null}
            aria-busy={exported.exporting}
            onClick={() => dispatch(eventsExportRequested())}
          >
            {exported.exporting ? 'Exporting…' : 'Export'}
          </Button>
        </Col>
      </Row>
      {exported.error && (
        <Alert variant="danger" className="events-list__export-error">
          Export failed: {exported.error}
        </Alert>
      )}
      {rejectedRange ? (
        <Alert variant="warning" role="alert">
          {EVENTS_RANGE_REVERSED}
        </Alert>
      ) : (
        <>
          {error && <Alert variant="danger">{error}</Alert>}
          {!loading && !error && rows.length === 0 && <p className="events-list__empty">{emptyMessage}</p>}
          <ListGroup className="mb-3" aria-busy={loading}>
            {rows.map((row) => (
              <ListGroup.Item key={row.id} className={`event-row event-row--${row.category}`}>
                <CategoryIcon category={row.category} />
                <span className="event-row__title">{row.heading}</span>
                {row.test && (
                  <Badge bg="warning" text="dark" className="event-row__test" title="Arrived during test mode">
                    Test
                  </Badge>
                )}
                <span className="event-row__time">{row.time}</span>
                {row.panelTime && <span className="event-row__panel-time">({row.panelTime})</span>}
                {row.location && <span className="event-row__location">{row.location}</span>}
              </ListGroup.Item>
            ))}
          </ListGroup>
          <div className="d-flex align-items-center gap-3">
            <Button
              variant="outline-secondary"
              disabled={!paging.hasPrevious}
              onClick={() => dispatch(eventsPageChosen(paging.page - 1))}
            >
              Previous
            </Button>
            <span className="events-list__page">
              {paging.page} / {paging.pages}
            </span>
            <Button
              variant="outline-secondary"
              disabled={!paging.hasNext}
              onClick={() => dispatch(eventsPageChosen(paging.page + 1))}
            >
              Next
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
