import { ListGroup } from 'react-bootstrap';
import { useAppSelector } from '../../shared/store-hooks';
import { SITE_ACCESS_TEXT } from '../site-access-messages.constants';
import { selectAccessActivityRows, selectSiteAccessView } from '../site-access.selectors';

/** 'Access activity': who invited, accepted, withdrew, revoked…, newest first, each with when and from where. */
export function AccessActivityList() {
  const rows = useAppSelector(selectAccessActivityRows);
  const { activityLoading, activityEmpty, activityError } = useAppSelector(selectSiteAccessView);
  return (
    <>
      <h3 id="site-access-activity-title" className="h6 mt-4">
        {SITE_ACCESS_TEXT.activity}
      </h3>
      {activityLoading && <p className="text-muted">{SITE_ACCESS_TEXT.activityLoading}</p>}
      {activityEmpty && <p className="text-muted">{SITE_ACCESS_TEXT.noActivity}</p>}
      {rows.length > 0 && (
        <ListGroup as="ul" className="site-access__activity" aria-labelledby="site-access-activity-title">
          {rows.map((row) => (
            <ListGroup.Item as="li" key={row.key}>
              <div>{row.text}</div>
              <div className="small text-muted">{row.when}</div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      {activityError && (
        <p className="text-danger" role="alert">
          {activityError}
        </p>
      )}
    </>
  );
}
