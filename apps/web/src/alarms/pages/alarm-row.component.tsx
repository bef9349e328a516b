import { memo } from 'react';
import { Badge, ListGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import type { AlarmView } from '../alarms.selectors';
import { AcknowledgeAlarmButton } from './acknowledge-alarm.button';

/**
 * One alarm: its kind, site and panel, title and location, times, state, and who acknowledged it
 * (or Acknowledge). Memoised: a burst that changes a few alarms re-renders only their rows.
 */
export const AlarmRow = memo(function AlarmRow({
  alarm,
  linkTitle = true,
}: {
  alarm: AlarmView;
  /** The title opens the alarm's page (not on that page itself). */
  linkTitle?: boolean;
}) {
  return (
    <ListGroup.Item
      className={`alarm-row alarm-row--${alarm.kind}${alarm.handled ? ' alarm-row--handled' : ''}`}
      data-testid="alarm-row"
      data-alarm-id={alarm.id}
      data-kind={alarm.kind}
      data-state={alarm.active ? 'active' : 'cleared'}
      data-acknowledged={alarm.acknowledged}
    >
      <div className="alarm-row__head">
        <Badge bg={alarm.kindBg} text={alarm.kindText} className="alarm-row__kind">
          {alarm.kindLabel}
        </Badge>
        <span className="alarm-row__site">{alarm.siteName}</span>
        {alarm.panelText && <span className="alarm-row__panel">{alarm.panelText}</span>}
        <span className={`alarm-row__state ${alarm.active ? 'text-danger-emphasis' : 'text-success'}`}>
          {alarm.stateText}
        </span>
        {alarm.clearedText && <span className="alarm-row__cleared">{alarm.clearedText}</span>}
      </div>
      <div className="alarm-row__what">
        {linkTitle ? (
          <Link to={alarm.link} className="alarm-row__title">
            {alarm.title}
          </Link>
        ) : (
          <span className="alarm-row__title">{alarm.title}</span>
        )}
        {alarm.location && <span className="alarm-row__location">{alarm.location}</span>}
      </div>
      <div className="alarm-row__times">
        <span className="alarm-row__opened">{alarm.openedText}</span>
        {alarm.latestEventText && <span className="alarm-row__latest">{alarm.latestEventText}</span>}
      </div>
      {alarm.acknowledgedText ? (
        <div className="alarm-row__acknowledgement">
          <span className="alarm-row__acknowledged">{alarm.acknowledgedText}</span>
          {alarm.note && <q className="alarm-row__note">{alarm.note}</q>}
        </div>
      ) : (
        <AcknowledgeAlarmButton alarm={alarm} size="sm" className="alarm-row__acknowledge" />
      )}
    </ListGroup.Item>
  );
});
