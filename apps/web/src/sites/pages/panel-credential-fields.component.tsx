import { Form } from 'react-bootstrap';
import { hwaddrToColonForm, PANEL_KEY_LENGTH } from '@app/contracts';
import type { PanelCredentials } from './use-panel-credentials.hook';

interface PanelCredentialFieldsProps {
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix: string;
  credentials: PanelCredentials;
}

/** The MAC address (shown when already known) and the 4-digit admin password of a panel claim. */
export function PanelCredentialFields({ idPrefix, credentials }: PanelCredentialFieldsProps) {
  return (
    <>
      <Form.Group className="mb-3" controlId={`${idPrefix}-mac`}>
        <Form.Label>MAC address</Form.Label>
        {credentials.hwaddrFixed && credentials.hwaddr ? (
          <Form.Control plaintext readOnly value={hwaddrToColonForm(credentials.hwaddr)} />
        ) : (
          <>
            <Form.Control
              name="hwaddr"
              value={credentials.mac}
              placeholder="00:00:00:00:00:00"
              onChange={(e) => credentials.typeMac(e.target.value)}
            />
            <Form.Text>The MAC address is found under Network Setup &gt; Cloud on the panel.</Form.Text>
          </>
        )}
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${idPrefix}-key`}>
        <Form.Label>Admin password</Form.Label>
        <Form.Control
          name="key"
          type="password"
          inputMode="numeric"
          maxLength={PANEL_KEY_LENGTH}
          value={credentials.key}
          onChange={(e) => credentials.typeKey(e.target.value)}
        />
      </Form.Group>
    </>
  );
}
