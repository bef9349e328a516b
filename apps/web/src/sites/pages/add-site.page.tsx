import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Navigate } from 'react-router';
import { SITE_NICKNAME_MAX_LENGTH } from '@app/contracts';
import { useAppDispatch } from '../../shared/store-hooks';
import { PageHeader } from '../../shared/page-header.component';
import { claimCreateRequested } from '../sites.slice';
import { ClaimFormMissing } from './claim-form-missing.component';
import { PanelCredentialFields } from './panel-credential-fields.component';
import { usePanelCredentials } from './use-panel-credentials.hook';
import { useSiteForm } from './use-site-form.hook';

/** Add site (spec 2.6). */
export function AddSitePage() {
  const dispatch = useAppDispatch();
  const form = useSiteForm('addSite');
  const credentials = usePanelCredentials();
  const [nickname, setNickname] = useState('');
  // On unless turned off: a fire product's safe default is that its alarms are mailed.
  const [notify, setNotify] = useState(true);

  // Every saved claim goes home (spec 2.6): a waiting panel's tile says what it still needs.
  if (form.done) return <Navigate to="/" />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (credentials.claim)
      dispatch(claimCreateRequested({ ...credentials.claim, nickname: nickname.trim() || undefined, notify }));
  };

  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Add Site' }]}
        title="Add Site"
        subtitle="Claim a panel with its MAC address and admin key"
      />
      {form.error && (
        <Alert variant="danger" role="alert">
          {form.error}
        </Alert>
      )}
      <Form onSubmit={submit} className="narrow-form">
        <PanelCredentialFields idPrefix="add-site" credentials={credentials} />
        <Form.Group className="mb-3" controlId="add-site-nickname">
          <Form.Label>Site nickname</Form.Label>
          <Form.Control
            name="nickname"
            value={nickname}
            // The MAC, once typed (spec 2.6): the site's name when it has no nickname.
            placeholder={credentials.mac || 'Site nickname'}
            maxLength={SITE_NICKNAME_MAX_LENGTH}
            onChange={(e) => setNickname(e.target.value)}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="add-site-notify">
          <Form.Label>Email notifications</Form.Label>
          <Form.Check
            type="switch"
            name="notify"
            label={notify ? 'Yes' : 'No'}
            checked={notify}
            onChange={(e) => setNotify(e.target.checked)}
          />
        </Form.Group>
        <Button type="submit" disabled={!credentials.claim || form.pending}>
          {form.pending ? 'Adding…' : 'Add Site'}
        </Button>
        <ClaimFormMissing credentials={credentials} />
      </Form>
    </>
  );
}
