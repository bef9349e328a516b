import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectWebhookForm } from '../webhooks.selectors';
import { webhookNewSecretRequested, webhookRemoveRequested, webhookTestRequested } from '../webhooks.slice';
import { WebhookConfirmDialog } from './webhook-confirm.dialog';

type Question = 'newSecret' | 'remove' | null;

/** 'New secret' and 'Remove' (each asked first) and 'Send test', for a saved webhook; disabled without the control right. */
export function WebhookActions({ hwaddr, noControlReason }: { hwaddr: string; noControlReason: string | null }) {
  const dispatch = useAppDispatch();
  const renewing = useAppSelector((state) => selectWebhookForm(state, 'newSecret'));
  const removing = useAppSelector((state) => selectWebhookForm(state, 'removeWebhook'));
  const testing = useAppSelector((state) => selectWebhookForm(state, 'sendTest'));
  const [asking, setAsking] = useState<Question>(null);
  const close = () => setAsking(null);
  const locked = noControlReason !== null;
  const title = noControlReason ?? undefined;

  return (
    <>
      <Button
        variant="outline-secondary"
        disabled={renewing.pending || locked}
        title={title}
        onClick={() => setAsking('newSecret')}
      >
        New secret
      </Button>
      <Button
        variant="outline-danger"
        disabled={removing.pending || locked}
        title={title}
        onClick={() => setAsking('remove')}
      >
        Remove
      </Button>
      <Button
        variant="outline-primary"
        disabled={testing.pending || locked}
        title={title}
        onClick={() => dispatch(webhookTestRequested({ hwaddr }))}
      >
        Send test
      </Button>
      {renewing.done && (
        <p className="form-text w-100 mb-0">A new secret is in use: give it to every receiver of this webhook.</p>
      )}
      {testing.done && <p className="form-text w-100 mb-0">Test message queued: it is listed under Deliveries.</p>}
      <WebhookConfirmDialog
        show={asking === 'newSecret'}
        title="Make a new secret?"
        confirmLabel="Make new secret"
        onClose={close}
        onConfirm={() => {
          close();
          dispatch(webhookNewSecretRequested({ hwaddr }));
        }}
      >
        Every message sent from now on is signed with the new secret: each receiver must be given it, or it will refuse
        the messages as forged. The current secret stops working at once.
      </WebhookConfirmDialog>
      <WebhookConfirmDialog
        show={asking === 'remove'}
        title="Remove the webhook?"
        confirmLabel="Remove webhook"
        onClose={close}
        onConfirm={() => {
          close();
          dispatch(webhookRemoveRequested({ hwaddr }));
        }}
      >
        No more messages of this site are sent to its receiver, and those still owed are cancelled.
      </WebhookConfirmDialog>
    </>
  );
}
