import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Navigate, useParams } from 'react-router';
import { MESSAGES, PANEL_KEY_PATTERN, hwaddrToColonForm, isNormalisedHwaddr, normaliseHwaddr } from '@app/contracts';
import { useAppDispatch } from '../../app/app-hooks';
import { PageHeader } from '../../shell/page-header.component';
import { maskKeyInput, maskMacInput } from '../mac-input.util';
import { claimCreateRequested, claimRemoveRequested } from '../sites.slice';
import { useSiteForm } from './use-site-form.hook';

/** Update key (spec 2.7): /site/reauth/{hwaddr}, or /site/reauth asking for the MAC too. */
export function UpdateKeyPage() {
  const dispatch = useAppDispatch();
  const form = useSiteForm();
  const { hwaddr: routed } = useParams();
  const [mac, setMac] = useState('');
  const [key, setKey] = useState('');
  const hwaddr = routed ?? normaliseHwaddr(mac);

  if (routed !== undefined && !isNormalisedHwaddr(routed)) return <Navigate to="/" replace />;
  if (form.succeeded) return <Navigate to="/" />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hwaddr && PANEL_KEY_PATTERN.test(key)) dispatch(claimCreateRequested({ hwaddr, key }));
  };
  const remove = () => {
    if (hwaddr && window.confirm(MESSAGES.confirmRemovePanel)) dispatch(claimRemoveRequested({ hwaddr }));
  };

  return (
    <>
      <PageHeader crumbs={[{ label: 'Update Key' }]} title="Update Key" subtitle="Re-enter the panel's admin password" />
      {form.error && <Alert variant="danger">{form.error}</Alert>}
      <Form onSubmit={submit} className="narrow-form">
        <Form.Group className="mb-3" controlId="reauth-mac">
          <Form.Label>MAC address</Form.Label>
          {routed ? (
            <Form.Control plaintext readOnly value={hwaddrToColonForm(routed)} />
          ) : (
            <Form.Control name="hwaddr" value={mac} onChange={(e) => setMac(maskMacInput(e.target.value))} />
          )}
        </Form.Group>
        <Form.Group className="mb-3" controlId="reauth-key">
          <Form.Label>Admin password</Form.Label>
          <Form.Control
            name="key"
            type="password"
            inputMode="numeric"
            value={key}
            onChange={(e) => setKey(maskKeyInput(e.target.value))}
          />
        </Form.Group>
        <div className="d-flex gap-2">
          <Button type="submit" disabled={!hwaddr || !PANEL_KEY_PATTERN.test(key) || form.pending}>
            Update
          </Button>
          <Button variant="danger" onClick={remove} disabled={!hwaddr || form.pending}>
            Remove
          </Button>
        </div>
      </Form>
    </>
  );
}
