import { Button, Table } from 'react-bootstrap';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { INVITATION_COLUMNS, PEOPLE_COLUMNS, SITE_ACCESS_TEXT } from '../site-access-messages.constants';
import { selectInvitationRows, selectPersonRows } from '../site-access.selectors';
import { siteInvitationWithdrawRequested, sitePersonRevokeRequested } from '../site-access.slice';

/** Everyone who reaches the site, with Revoke on those shared by invitation. */
export function SitePeopleTable({ hwaddr, busy }: { hwaddr: string; busy: boolean }) {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectPersonRows);
  return (
    <>
      <h3 id="site-access-people-title" className="h6 mt-3">
        {SITE_ACCESS_TEXT.people}
      </h3>
      <Table size="sm" className="site-access__people table-reflow" aria-labelledby="site-access-people-title">
        <thead>
          <tr>
            {PEOPLE_COLUMNS.map((column) => (
              <th key={column}>{column}</th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((person) => (
            <tr key={person.userId}>
              <td data-label={PEOPLE_COLUMNS[0]}>{person.name}</td>
              <td data-label={PEOPLE_COLUMNS[1]}>{person.email}</td>
              <td data-label={PEOPLE_COLUMNS[2]}>{person.how}</td>
              <td data-label={PEOPLE_COLUMNS[3]}>{person.role}</td>
              <td className="text-end">
                {person.revocable && (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={person.revokeLabel}
                    disabled={busy}
                    onClick={() => dispatch(sitePersonRevokeRequested({ hwaddr, userId: person.userId }))}
                  >
                    {SITE_ACCESS_TEXT.revoke}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

/** The invitations not yet accepted, each withdrawn on its own. */
export function SiteInvitationsTable({ hwaddr, busy }: { hwaddr: string; busy: boolean }) {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectInvitationRows);
  return (
    <>
      <h3 id="site-access-invitations-title" className="h6 mt-3">
        {SITE_ACCESS_TEXT.invitations}
      </h3>
      {rows.length === 0 ? (
        <p className="text-muted">{SITE_ACCESS_TEXT.noInvitations}</p>
      ) : (
        <Table
          size="sm"
          className="site-access__invitations table-reflow"
          aria-labelledby="site-access-invitations-title"
        >
          <thead>
            <tr>
              {INVITATION_COLUMNS.map((column) => (
                <th key={column}>{column}</th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((invitation) => (
              <tr key={invitation.id}>
                <td data-label={INVITATION_COLUMNS[0]}>{invitation.email}</td>
                <td data-label={INVITATION_COLUMNS[1]}>{invitation.role}</td>
                <td data-label={INVITATION_COLUMNS[2]}>{invitation.expires}</td>
                <td className="text-end">
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    aria-label={invitation.withdrawLabel}
                    disabled={busy}
                    onClick={() => dispatch(siteInvitationWithdrawRequested({ hwaddr, invitationId: invitation.id }))}
                  >
                    {SITE_ACCESS_TEXT.withdraw}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
