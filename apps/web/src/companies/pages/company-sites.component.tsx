import { useState, type FormEvent } from 'react';
import { Alert, Button, Form, Table } from 'react-bootstrap';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { COMPANY_TEXT } from '../companies-messages.constants';
import { selectAddableSites, selectCompanyForm, selectCompanySiteRows } from '../companies.selectors';
import { companySiteAddRequested, companySiteRemoveRequested } from '../companies.slice';

const ACTIONS_LABEL = 'Actions';

/** Add one of your sites: the user's own sites held by their panel key and not in the company yet. */
function AddSiteForm({ id, disabled }: { id: string; disabled: boolean }) {
  const dispatch = useAppDispatch();
  const addable = useAppSelector(selectAddableSites);
  const [chosen, setChosen] = useState('');
  // The first site until another is chosen (or once the chosen one has been added).
  const hwaddr = addable.some((site) => site.hwaddr === chosen) ? chosen : (addable[0]?.hwaddr ?? '');

  if (addable.length === 0) return <p className="text-muted small">{COMPANY_TEXT.noSiteToAdd}</p>;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hwaddr) dispatch(companySiteAddRequested({ id, hwaddr }));
  };

  return (
    <Form onSubmit={submit} className="narrow-form">
      <Form.Group className="mb-2" controlId="company-add-site">
        <Form.Label>{COMPANY_TEXT.addSiteLabel}</Form.Label>
        <Form.Select name="hwaddr" value={hwaddr} onChange={(e) => setChosen(e.target.value)}>
          {addable.map((site) => (
            <option key={site.hwaddr} value={site.hwaddr}>
              {site.label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Button type="submit" disabled={disabled || !hwaddr}>
        {COMPANY_TEXT.addSite}
      </Button>
    </Form>
  );
}

/** The company's sites: who added each and when. An admin removes them; an admin or technician adds their own. */
export function CompanySites({ id, isAdmin, canAddSites }: { id: string; isAdmin: boolean; canAddSites: boolean }) {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectCompanySiteRows);
  const { pending, error } = useAppSelector((state) => selectCompanyForm(state, 'sites'));
  return (
    <section className="company-sites mb-4" aria-labelledby="company-sites-title">
      <h2 id="company-sites-title" className="h5">
        {COMPANY_TEXT.sitesTitle}
      </h2>
      {rows.length === 0 ? (
        <p className="text-muted">{COMPANY_TEXT.noSites}</p>
      ) : (
        <Table size="sm" striped className="table-reflow" aria-labelledby="company-sites-title">
          <thead>
            <tr>
              <th>{COMPANY_TEXT.siteColumn}</th>
              <th>{COMPANY_TEXT.addedByColumn}</th>
              <th>{COMPANY_TEXT.addedColumn}</th>
              {isAdmin && (
                <th>
                  <span className="visually-hidden">{ACTIONS_LABEL}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.hwaddr}>
                <td data-label={COMPANY_TEXT.siteColumn}>{row.label}</td>
                <td data-label={COMPANY_TEXT.addedByColumn}>{row.addedBy}</td>
                <td data-label={COMPANY_TEXT.addedColumn}>{row.added}</td>
                {isAdmin && (
                  <td data-label={ACTIONS_LABEL}>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={pending}
                      onClick={() => dispatch(companySiteRemoveRequested({ id, hwaddr: row.hwaddr }))}
                    >
                      {COMPANY_TEXT.removeSite}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {canAddSites && <AddSiteForm id={id} disabled={pending} />}
      {error && (
        <Alert variant="danger" role="alert" className="mt-2">
          {error}
        </Alert>
      )}
    </section>
  );
}
