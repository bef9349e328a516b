import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { COMPANY_ROLES, EMAIL_MAX_LENGTH, type CompanyRole } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { isCompanyRole } from '../companies.api';
import { COMPANY_TEXT, ROLE_TEXT } from '../companies-messages.constants';
import { selectCompanies, selectCompanyForm } from '../companies.selectors';
import { companyInviteRequested } from '../companies.slice';

/** The fields, empty again after each invitation sent (the form is keyed by their count). */
function InviteFields({ id }: { id: string }) {
  const dispatch = useAppDispatch();
  const { pending } = useAppSelector((state) => selectCompanyForm(state, 'invite'));
  const [email, setEmail] = useState('');
  // The least the invitee may need: an admin gives more on purpose.
  const [role, setRole] = useState<CompanyRole>('viewer');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) dispatch(companyInviteRequested({ id, email: email.trim(), role }));
  };

  return (
    <Form onSubmit={submit}>
      <Form.Group className="mb-3" controlId="invite-email">
        <Form.Label>{COMPANY_TEXT.inviteEmail}</Form.Label>
        <Form.Control
          name="email"
          type="email"
          value={email}
          maxLength={EMAIL_MAX_LENGTH}
          required
          onChange={(e) => setEmail(e.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="invite-role">
        <Form.Label>{COMPANY_TEXT.inviteRole}</Form.Label>
        <Form.Select
          name="role"
          value={role}
          onChange={(e) => {
            const chosen: string = e.target.value;
            if (isCompanyRole(chosen)) setRole(chosen);
          }}
        >
          {COMPANY_ROLES.map((each) => (
            <option key={each} value={each}>
              {ROLE_TEXT[each]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Button type="submit" disabled={pending || !email.trim()}>
        {COMPANY_TEXT.invite}
      </Button>
    </Form>
  );
}

/** An admin invites someone by e-mail with a role; the mail's link opens the invitation's page. */
export function InviteForm({ id }: { id: string }) {
  const { error, notice } = useAppSelector((state) => selectCompanyForm(state, 'invite'));
  const sent = useAppSelector((state) => selectCompanies(state).invitesSent);
  return (
    <section className="company-invite mb-4 narrow-form" aria-labelledby="company-invite-title">
      <h2 id="company-invite-title" className="h5">
        {COMPANY_TEXT.inviteTitle}
      </h2>
      <InviteFields key={sent} id={id} />
      {notice && (
        <p className="text-success fw-semibold mt-2" role="status">
          {notice}
        </p>
      )}
      {error && (
        <Alert variant="danger" role="alert" className="mt-2">
          {error}
        </Alert>
      )}
    </section>
  );
}
