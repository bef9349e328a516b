import { useEffect, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { SITE_SHARE_ROLES, type SiteShareRole } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { ROLE_TEXT, SITE_ACCESS_TEXT } from '../site-access-messages.constants';
import { selectSiteAccessView } from '../site-access.selectors';
import { siteInvitationRequested } from '../site-access.slice';

const isShareRole = (value: string): value is SiteShareRole => (SITE_SHARE_ROLES as readonly string[]).includes(value);

/** 'Invite someone': an e-mail address and a role (Technician or Viewer); the invitee gets a link by e-mail. */
export function SiteInviteForm({ hwaddr, busy }: { hwaddr: string; busy: boolean }) {
  const dispatch = useAppDispatch();
  const { invite } = useAppSelector(selectSiteAccessView);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<SiteShareRole>('viewer');
  // A sent invitation clears the address for the next one.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the status turns done once per invitation
    if (invite.done) setEmail('');
  }, [invite.done]);
  const trimmed = email.trim();

  return (
    <Form
      className="site-access__invite narrow-form"
      aria-labelledby="site-access-invite-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed && !busy) dispatch(siteInvitationRequested({ hwaddr, email: trimmed, role }));
      }}
    >
      <h3 id="site-access-invite-title" className="h6 mt-3">
        {SITE_ACCESS_TEXT.invite}
      </h3>
      <p className="text-muted small">{SITE_ACCESS_TEXT.inviteHelp}</p>
      <Form.Group className="mb-2" controlId="site-access-invite-email">
        <Form.Label>{SITE_ACCESS_TEXT.email}</Form.Label>
        <Form.Control
          type="email"
          name="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-2" controlId="site-access-invite-role">
        <Form.Label>{SITE_ACCESS_TEXT.role}</Form.Label>
        <Form.Select
          value={role}
          onChange={(event) => {
            if (isShareRole(event.target.value)) setRole(event.target.value);
          }}
        >
          {SITE_SHARE_ROLES.map((choice) => (
            <option key={choice} value={choice}>
              {ROLE_TEXT[choice]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Button type="submit" disabled={!trimmed || busy}>
        {SITE_ACCESS_TEXT.sendInvitation}
      </Button>
      {invite.notice && (
        <p className="text-success fw-semibold mt-2" role="status">
          {invite.notice}
        </p>
      )}
      {invite.error && (
        <p className="text-danger mt-2" role="alert">
          {invite.error}
        </p>
      )}
    </Form>
  );
}
