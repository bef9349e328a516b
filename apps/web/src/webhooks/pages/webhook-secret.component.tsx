import { Button } from 'react-bootstrap';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectWebhookForm } from '../webhooks.selectors';
import { webhookSecretCopyRequested } from '../webhooks.slice';

/** The signing secret, as the receiver must be given it, with a Copy button where the browser can copy. */
export function WebhookSecret({ hwaddr, secret }: { hwaddr: string; secret: string }) {
  const dispatch = useAppDispatch();
  const copying = useAppSelector((state) => selectWebhookForm(state, 'copySecret'));
  // Browsers give no clipboard outside a secure context (plain http): the secret is selected by hand there.
  const canCopy = typeof navigator !== 'undefined' && navigator.clipboard !== undefined;
  return (
    <div className="mb-3">
      <div id="site-webhook-secret-label" className="form-label">
        Signing secret
      </div>
      <div className="d-flex gap-2 align-items-start">
        <code className="site-webhook__secret" aria-labelledby="site-webhook-secret-label">
          {secret}
        </code>
        {canCopy && (
          <Button
            variant="outline-secondary"
            disabled={copying.pending}
            onClick={() => dispatch(webhookSecretCopyRequested({ hwaddr }))}
          >
            Copy
          </Button>
        )}
      </div>
      {copying.done && <div className="form-text">Copied.</div>}
    </div>
  );
}
