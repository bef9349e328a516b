import { useEffect, useState } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { Navigate } from 'react-router';
import { hwaddrToColonForm, SITE_NICKNAME_MAX_LENGTH } from '@app/contracts';
import { SiteEscalationSection } from '../../escalation/pages/site-escalation.section';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { SiteAccessSection } from '../../site-access/pages/site-access.section';
import { SiteWebhookSection } from '../../webhooks/pages/site-webhook.section';
import { selectNoControlReason, selectSiteAccess } from '../site-rights.selectors';
import { selectSiteSummary } from '../sites.selectors';
import { claimRemoveRequested, siteEmailRequested, siteRenameRequested } from '../sites.slice';
import { RemoveAccessDialog } from './remove-access.dialog';
import { SiteTestModeSection } from './site-test-mode.section';
import { useSiteForm } from './use-site-form.hook';

/**
 * Site Configuration (spec 2.12): nickname, e-mail choice, test mode (docs/test-mode.md), the webhook
 * (docs/webhooks.md), the escalation steps (docs/alarms.md), who has access (docs/access.md,
 * "Teams"), removing one's own access. The nickname and e-mail choice are the user's own; the
 * settings of the site are disabled for a role without the control right.
 */
export function SiteConfigurationTab({ hwaddr }: { hwaddr: string }) {
  const dispatch = useAppDispatch();
  const rename = useSiteForm('renameSite');
  const emails = useSiteForm('siteEmails');
  const removal = useSiteForm('removeSite');
  const site = useAppSelector((state) => selectSiteSummary(state, hwaddr));
  const access = useAppSelector((state) => selectSiteAccess(state, hwaddr));
  const noControlReason = useAppSelector((state) => selectNoControlReason(state, hwaddr));
  const [nickname, setNickname] = useState('');
  const [dirty, setDirty] = useState(false);
  const [removing, setRemoving] = useState(false);
  const current = site?.name ?? '';

  useEffect(() => {
    // Incoming data fills the form only while it has no edits (spec 4), so it is copied, not derived.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!dirty) setNickname(current);
  }, [current, dirty]);
  // A successful rename makes the typed nickname the current one.
  useEffect(() => {
    // The status turns done once per rename, so this runs once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (rename.done) setDirty(false);
  }, [rename.done]);

  if (removal.done) return <Navigate to="/" />;

  const trimmed = nickname.trim();
  const mac = hwaddrToColonForm(hwaddr);
  return (
    <section className="site-configuration narrow-form">
      <Form.Group className="mb-3" controlId="site-mac">
        <Form.Label>MAC address</Form.Label>
        <Form.Control plaintext readOnly value={mac} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="site-nickname">
        <Form.Label>Nickname</Form.Label>
        <InputGroup>
          <Form.Control
            name="nickname"
            value={nickname}
            // Without a nickname the site is shown by its MAC (spec 2.4, 2.6).
            placeholder={mac}
            maxLength={SITE_NICKNAME_MAX_LENGTH}
            onChange={(e) => {
              setNickname(e.target.value);
              setDirty(true);
            }}
          />
          <Button
            disabled={!trimmed || trimmed === current || rename.pending}
            onClick={() => dispatch(siteRenameRequested({ hwaddr, name: trimmed }))}
          >
            Update
          </Button>
        </InputGroup>
        {rename.error && (
          <Alert variant="danger" role="alert" className="mt-2">
            {rename.error}
          </Alert>
        )}
      </Form.Group>
      <Form.Check
        type="switch"
        id="site-email-events"
        className="mb-4"
        label="Email Fire/Fault events to me"
        checked={site?.emailEvents ?? false}
        disabled={!site || emails.pending}
        onChange={(e) => dispatch(siteEmailRequested({ hwaddr, state: e.target.checked }))}
      />
      {emails.error && (
        <Alert variant="danger" role="alert">
          {emails.error}
        </Alert>
      )}
      <SiteTestModeSection hwaddr={hwaddr} />
      <SiteWebhookSection hwaddr={hwaddr} noControlReason={noControlReason} />
      <SiteEscalationSection hwaddr={hwaddr} noControlReason={noControlReason} />
      {access && <SiteAccessSection hwaddr={hwaddr} access={access} />}
      <Button variant="outline-danger" onClick={() => setRemoving(true)}>
        Remove Myself From This Panel
      </Button>
      <RemoveAccessDialog
        show={removing}
        pending={removal.pending}
        error={removal.error}
        onClose={() => setRemoving(false)}
        onRemove={() => dispatch(claimRemoveRequested({ hwaddr }))}
      />
    </section>
  );
}
