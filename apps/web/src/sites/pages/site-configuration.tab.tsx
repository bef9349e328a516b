import { useEffect, useState } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { Navigate } from 'react-router';
import { hwaddrToColonForm } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../app/app-hooks';
import { selectSiteSummary } from '../sites.selectors';
import { claimRemoveRequested, siteEmailRequested, siteRenameRequested } from '../sites.slice';
import { RemoveAccessDialog } from './remove-access.dialog';
import { useSiteForm } from './use-site-form.hook';

/** Site Configuration (spec 2.12): nickname, e-mail choice, removing one's own access. */
export function SiteConfigurationTab({ hwaddr }: { hwaddr: string }) {
  const dispatch = useAppDispatch();
  const form = useSiteForm();
  const site = useAppSelector((state) => selectSiteSummary(state, hwaddr));
  const [nickname, setNickname] = useState('');
  const [dirty, setDirty] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [removeRequested, setRemoveRequested] = useState(false);
  const [renameRequested, setRenameRequested] = useState(false);
  const current = site?.name ?? '';

  useEffect(() => {
    if (!dirty) setNickname(current);
  }, [current, dirty]);
  // Only a successful rename makes the typed nickname the current one; other forms leave it being edited.
  useEffect(() => {
    if (renameRequested && form.succeeded) {
      setRenameRequested(false);
      setDirty(false);
    }
  }, [renameRequested, form.succeeded]);

  if (removeRequested && form.succeeded) return <Navigate to="/" />;

  const trimmed = nickname.trim();
  return (
    <section className="site-configuration narrow-form">
      {form.error && <Alert variant="danger">{form.error}</Alert>}
      <Form.Group className="mb-3" controlId="site-mac">
        <Form.Label>MAC address</Form.Label>
        <Form.Control plaintext readOnly value={hwaddrToColonForm(hwaddr)} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="site-nickname">
        <Form.Label>Nickname</Form.Label>
        <InputGroup>
          <Form.Control
            name="nickname"
            value={nickname}
            onChange={(e) => {
              setNickname(e.target.value);
              setDirty(true);
            }}
          />
          <Button
            disabled={!trimmed || trimmed === current || form.pending}
            onClick={() => {
              setRenameRequested(true);
              dispatch(siteRenameRequested({ hwaddr, name: trimmed }));
            }}
          >
            Update
          </Button>
        </InputGroup>
      </Form.Group>
      <Form.Check
        type="switch"
        id="site-email-events"
        className="mb-4"
        label="Email Fire/Fault events to me"
        checked={site?.emailEvents ?? false}
        disabled={!site || form.pending}
        onChange={(e) => {
          setRenameRequested(false);
          dispatch(siteEmailRequested({ hwaddr, state: e.target.checked }));
        }}
      />
      <Button variant="outline-danger" onClick={() => setRemoving(true)}>
        Remove Myself From This Panel
      </Button>
      <RemoveAccessDialog
        show={removing}
        pending={form.pending}
        onClose={() => setRemoving(false)}
        onRemove={() => {
          setRemoveRequested(true);
          dispatch(claimRemoveRequested({ hwaddr }));
        }}
      />
    </section>
  );
}
