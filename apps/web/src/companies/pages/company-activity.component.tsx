import { Alert, Table } from 'react-bootstrap';
import { useAppSelector } from '../../shared/store-hooks';
import { COMPANY_TEXT } from '../companies-messages.constants';
import { selectCompanyActivityRows, selectCompanyActivityView } from '../companies.selectors';

/** An admin's record of who did what to whose access in the company, newest first. */
export function CompanyActivity() {
  const rows = useAppSelector(selectCompanyActivityRows);
  const { loading, listed, empty, error } = useAppSelector(selectCompanyActivityView);
  return (
    <section className="company-activity mb-4" aria-labelledby="company-activity-title">
      <h2 id="company-activity-title" className="h5">
        {COMPANY_TEXT.activityTitle}
      </h2>
      {loading && <p className="text-muted">{COMPANY_TEXT.activityLoading}</p>}
      {empty && <p className="text-muted">{COMPANY_TEXT.noActivity}</p>}
      {listed && (
        <Table size="sm" striped className="table-reflow" aria-labelledby="company-activity-title">
          <thead>
            <tr>
              <th>{COMPANY_TEXT.whenColumn}</th>
              <th>{COMPANY_TEXT.whoColumn}</th>
              <th>{COMPANY_TEXT.whatColumn}</th>
              <th>{COMPANY_TEXT.whomColumn}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <td data-label={COMPANY_TEXT.whenColumn}>{row.when}</td>
                <td data-label={COMPANY_TEXT.whoColumn}>{row.who}</td>
                <td data-label={COMPANY_TEXT.whatColumn}>{row.what}</td>
                <td data-label={COMPANY_TEXT.whomColumn}>{row.whom}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
    </section>
  );
}
