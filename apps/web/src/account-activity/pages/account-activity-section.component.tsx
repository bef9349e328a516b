import { ListGroup } from 'react-bootstrap';
import { useAppSelector } from '../../shared/store-hooks';
import { useSectionOpened } from '../../shared/use-section-opened.hook';
import { ACCOUNT_ACTIVITY_TEXT } from '../account-activity-messages.constants';
import { selectAccountActivityView, selectActivityRows } from '../account-activity.selectors';
import { accountActivitySectionOpened } from '../account-activity.slice';

/**
 * My Account's 'Account activity' (docs/access.md, "Account activity"): the latest changes to how
 * the account signs in, newest first, each with when and from where; read again after each such
 * change made on this page.
 */
export function AccountActivitySection() {
  const rows = useAppSelector(selectActivityRows);
  const { loading, listed, empty, error } = useAppSelector(selectAccountActivityView);
  // False until the opening has reset the store: an earlier visit's state never shows.
  const opened = useSectionOpened(accountActivitySectionOpened);

  return (
    <section className="account-activity mt-5 narrow-form" aria-labelledby="account-activity-title">
      <h2 id="account-activity-title" className="h5">
        {ACCOUNT_ACTIVITY_TEXT.title}
      </h2>
      {!opened ? null : (
        <>
          {loading && <p className="text-muted">{ACCOUNT_ACTIVITY_TEXT.loading}</p>}
          {empty && <p className="text-muted">{ACCOUNT_ACTIVITY_TEXT.empty}</p>}
          {listed && (
            <ListGroup as="ul">
              {rows.map((row) => (
                <ListGroup.Item as="li" key={row.key}>
                  <div>{row.text}</div>
                  <div className="small text-muted">{row.when}</div>
                </ListGroup.Item>
              ))}
            </ListGroup>
          )}
          {error && (
            <p className="text-danger mt-2" role="alert">
              {error}
            </p>
          )}
        </>
      )}
    </section>
  );
}
