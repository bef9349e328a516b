import { Alert, Button, Form, Table } from 'react-bootstrap';
import { COMPANY_ROLES, type CompanyRole } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { isCompanyRole } from '../companies.api';
import { COMPANY_TEXT, ROLE_TEXT } from '../companies-messages.constants';
import { selectCompanyForm, selectMemberRows, type MemberRow } from '../companies.selectors';
import { companyLeaveRequested, memberRemoveRequested, memberRoleChangeRequested } from '../companies.slice';

const ACTIONS_LABEL = 'Actions';

function RoleSelect({ id, row, disabled }: { id: string; row: MemberRow; disabled: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <Form.Select
      size="sm"
      aria-label={row.roleLabel}
      value={row.role}
      disabled={disabled}
      onChange={(e) => {
        const role: string = e.target.value;
        if (isCompanyRole(role) && role !== row.role)
          dispatch(memberRoleChangeRequested({ id, userId: row.userId, role }));
      }}
    >
      {COMPANY_ROLES.map((role: CompanyRole) => (
        <option key={role} value={role}>
          {ROLE_TEXT[role]}
        </option>
      ))}
    </Form.Select>
  );
}

/**
 * The members: name, e-mail, role, two-factor sign-in and when they joined. An admin changes roles
 * and removes members; every member may leave.
 */
export function CompanyMembers({ id, isAdmin }: { id: string; isAdmin: boolean }) {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectMemberRows);
  const { pending, error } = useAppSelector((state) => selectCompanyForm(state, 'members'));
  return (
    <section className="company-members mb-4" aria-labelledby="company-members-title">
      <h2 id="company-members-title" className="h5">
        {COMPANY_TEXT.membersTitle}
      </h2>
      <Table size="sm" striped className="table-reflow" aria-labelledby="company-members-title">
        <thead>
          <tr>
            <th>{COMPANY_TEXT.nameColumn}</th>
            <th>{COMPANY_TEXT.emailColumn}</th>
            <th>{COMPANY_TEXT.roleColumn}</th>
            <th>{COMPANY_TEXT.twoFactorColumn}</th>
            <th>{COMPANY_TEXT.joinedColumn}</th>
            <th>
              <span className="visually-hidden">{ACTIONS_LABEL}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.userId}>
              <td data-label={COMPANY_TEXT.nameColumn}>
                {row.name}
                {row.isMe && <span className="text-muted"> {COMPANY_TEXT.you}</span>}
              </td>
              <td data-label={COMPANY_TEXT.emailColumn}>{row.email}</td>
              <td data-label={COMPANY_TEXT.roleColumn}>
                {isAdmin ? <RoleSelect id={id} row={row} disabled={pending} /> : row.roleText}
              </td>
              <td data-label={COMPANY_TEXT.twoFactorColumn}>{row.twoFactor}</td>
              <td data-label={COMPANY_TEXT.joinedColumn}>{row.joined}</td>
              <td data-label={ACTIONS_LABEL}>
                {row.isMe ? (
                  <Button
                    size="sm"
                    variant="outline-danger"
                    disabled={pending}
                    onClick={() => dispatch(companyLeaveRequested({ id, userId: row.userId }))}
                  >
                    {COMPANY_TEXT.leave}
                  </Button>
                ) : (
                  isAdmin && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={pending}
                      onClick={() => dispatch(memberRemoveRequested({ id, userId: row.userId }))}
                    >
                      {COMPANY_TEXT.remove}
                    </Button>
                  )
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
    </section>
  );
}
