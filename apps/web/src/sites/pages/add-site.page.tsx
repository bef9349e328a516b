import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Navigate } from 'react-router';
import { PANEL_KEY_PATTERN, normaliseHwaddr } from '@app/contracts';
import { useAppDispatch } from '../../app/app-hooks';
import { PageHeader } from '../../shell/page-header.component';
import { maskKeyInput, maskMacInput } from '../mac-input.util';
import { claimCreateRequested } from '../sites.slice';
import { useSiteForm } from './use-site-form.hook';

/** Add site (spec 2.6). */
export function AddSitePage() {
  const dispatch = useAppDispatch();
  const form = useSiteForm();
  const [mac, setMac] = useState('');
  const [key, setKey] = useState('');
  const [nickname, setNickname] = useState('');
  const [notify, setNotify] = useState(false);
  const hwaddr = normaliseHwaddr(mac);
  const valid = hwaddr !== null && PANEL_KEY_PATTERN.test(key);

  if (form.succeeded) return <Navigate to="/" />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) dispatch(claimCreateRequested({ hwaddr, key, nickname: nickname.trim() || undefined, notify }));
  };

  return (
    <>
      <PageHeader crumbs={[{ label: 'Add Site' }]} title="Add Site" subtitle="Claim a panel with its MAC address and admin key" />
      {form.error && <Alert variant="danger">{form.error}</Alert>}
      <Form onSubmit={submit} className="narrow-form">
        <Form.Group className="mb-3" controlId="add-site-mac">
          <Form.Label>MAC address</Form.Label>
          <Form.Control
            name="hwaddr"
            value={mac}
            placeholder="00:00:00:00:00:00"
            onChange={(e) => setMac(maskMacInput(e.target.value))}
          />
          <Form.Text>The MAC address is found under Network Setup &gt; Cloud on the panel.</Form.Text>
        </Form.Group>
        <Form.Group className="mb-3" controlId="add-site-key">
          <Form.Label>Admin password</Form.Label>
          <Form.Control
            name="key"
            type="password"
            inputMode="numeric"
            value={key}
            onChange={(e) => setKey(maskKeyInput(e.target.value))}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="add-site-nickname">
          <Form.Label>Site nickname</Form.Label>
          <Form.Control name="nickname" value={nickname} placeholder={mac} onChange={(e) => setNickname(e.target.value)} />
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
        <Button type="submit" disabled={!valid || form.pending}>
          {form.pending ? 'Adding…' : 'Add Site'}
        </Button>
      </Form>
    </>
  );
}
