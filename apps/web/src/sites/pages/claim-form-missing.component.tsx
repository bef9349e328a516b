import { Form } from 'react-bootstrap';
import { claimFormMissing } from '../claim-form.util';
import type { PanelCredentials } from './use-panel-credentials.hook';

/** Beside a claim form's disabled button: what is still needed before it can be sent. */
export function ClaimFormMissing({ credentials }: { credentials: PanelCredentials }) {
  const missing = claimFormMissing(credentials);
  if (missing === null) return null;
  return (
    <Form.Text as="p" className="claim-form-missing mt-2" data-testid="claim-form-missing">
      {missing}
    </Form.Text>
  );
}
