import { Alert, Table } from 'react-bootstrap';
import { Link, Navigate } from 'react-router';
import { PageHeader } from '../../shared/page-header.component';
import { useAppSelector } from '../../shared/store-hooks';
import { useSectionOpened } from '../../shared/use-section-opened.hook';
import { COMPANIES_TEXT } from '../companies-messages.constants';
import { selectCompanyListView, selectCompanyRows, selectCreatedCompanyPath } from '../companies.selectors';
import { companiesPageOpened } from '../companies.slice';
import { CreateCompanyForm } from './create-company-form.component';

/** Companies (docs/access.md, "Teams"): the user's companies, each with their role, and Create a company. */
export function CompaniesPage() {
  // False until the opening has reset the store: an earlier visit's list or creation never shows.
  const opened = useSectionOpened(companiesPageOpened);
  const rows = useAppSelector(selectCompanyRows);
  const { loading, listed, empty, error } = useAppSelector(selectCompanyListView);
  const created = useAppSelector(selectCreatedCompanyPath);

  if (opened && created) return <Navigate to={created} />;

  return (
    <>
      <PageHeader
        crumbs={[{ label: COMPANIES_TEXT.title }]}
        title={COMPANIES_TEXT.title}
        subtitle={COMPANIES_TEXT.subtitle}
      />
      {opened && (
        <>
          {loading && <p className="text-muted">{COMPANIES_TEXT.loading}</p>}
          {error && (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          )}
          {empty && <p className="text-muted">{COMPANIES_TEXT.none}</p>}
          {listed && (
            <Table size="sm" striped className="companies-list table-reflow" aria-label={COMPANIES_TEXT.title}>
              <thead>
                <tr>
                  <th>{COMPANIES_TEXT.nameColumn}</th>
                  <th>{COMPANIES_TEXT.yourRoleColumn}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td data-label={COMPANIES_TEXT.nameColumn}>
                      <Link to={row.link}>{row.name}</Link>
                    </td>
                    <td data-label={COMPANIES_TEXT.yourRoleColumn}>{row.role}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          <CreateCompanyForm />
        </>
      )}
    </>
  );
}
