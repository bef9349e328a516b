import { Alert, Button, Table } from 'react-bootstrap';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { COMPANY_TEXT } from '../companies-messages.constants';
import { selectCompanyForm, selectInvitationRows } from '../companies.selectors';
import { invitationWithdrawRequested } from '../companies.slice';

const ACTIONS_LABEL = 'Actions';

/** An admin's list of the invitations not yet accepted, each withdrawn on its own. */
export function CompanyInvitations({ id }: { id: string }) {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectInvitationRows);
  const { pending, error } = useAppSelector((state) => selectCompanyForm(state, 'invitations'));
  return (
    <section className="company-invitations mb-4" aria-labelledby="company-invitations-title">
      <h2 id="company-invitations-title" className="h5">
        {COMPANY_TEXT.invitationsTitle}
      </h2>
      {rows.length === 0 ? (
        <p className="text-muted">{COMPANY_TEXT.noInvitations}</p>
      ) : (
        <Table size="sm" striped className="table-reflow" aria-labelledby="company-invitations-title">
          <thead>
            <tr>
              <th>{COMPANY_TEXT.emailColumn}</th>
              <th>{COMPANY_TEXT.roleColumn}</th>
              <th>{COMPANY_TEXT.invitedByColumn}</th>
              <th>{COMPANY_TEXT.expiresColumn}</th>
              <th>
                <span className="visually-hidden">{ACTIONS_LABEL}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td data-label={COMPANY_TEXT.emailColumn}>{row.email}</td>
                <td data-label={COMPANY_TEXT.roleColumn}>{row.role}</td>
                <td data-label={COMPANY_TEXT.invitedByColumn}>{row.invitedBy}</td>
                <td data-label={COMPANY_TEXT.expiresColumn}>{row.expires}</td>
                <td data-label={ACTIONS_LABEL}>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    disabled={pending}
                    onClick={() => dispatch(invitationWithdrawRequested({ id, invitationId: row.id }))}
                  >
                    {COMPANY_TEXT.withdraw}
                  </Button>
                </td>
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
