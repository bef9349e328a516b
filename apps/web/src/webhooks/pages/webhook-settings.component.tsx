import { useEffect, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import type { SiteWebhook } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { webhookUrlProblem } from '../webhook-url.util';
import { selectWebhookForm, selectWebhookForms } from '../webhooks.selectors';
import { webhookSaveRequested, WEBHOOK_FORMS } from '../webhooks.slice';
import { WebhookActions } from './webhook-actions.component';
import { WebhookSecret } from './webhook-secret.component';

const REASON_ID = 'site-webhook-url-reason';

/** Why Save is disabled, shown under the address; null when it may be pressed. */
function saveBlocker(url: string, webhook: SiteWebhook | null): { text: string; invalid: boolean } | null {
  const problem = webhookUrlProblem(url);
  // An empty field is not yet a mistake: the hint is not shown in red.
  if (problem) return { text: problem, invalid: url.trim() !== '' };
  if (webhook && url.trim() === webhook.url) return { text: 'This address is saved.', invalid: false };
  return null;
}

/** The address form; with a webhook, also its secret and the buttons that act on it; all disabled without the control right. */
export function WebhookSettings({
  hwaddr,
  webhook,
  noControlReason,
}: {
  hwaddr: string;
  webhook: SiteWebhook | null;
  /** Why the user's role may not change it (each control's title); null when it may. */
  noControlReason: string | null;
}) {
  const dispatch = useAppDispatch();
  const saving = useAppSelector((state) => selectWebhookForm(state, 'saveWebhook'));
  const forms = useAppSelector(selectWebhookForms);
  const [url, setUrl] = useState('');
  const [dirty, setDirty] = useState(false);
  const current = webhook?.url ?? '';

  useEffect(() => {
    // Incoming data fills the field only while it has no edits, so it is copied, not derived.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!dirty) setUrl(current);
  }, [current, dirty]);
  useEffect(() => {
    // A save makes the stored address (as the server wrote it) the field's; once per save.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (saving.done) setDirty(false);
  }, [saving.done]);

  const blocker = saveBlocker(url, webhook);
  const locked = noControlReason !== null;
  const title = noControlReason ?? undefined;
  // The server's refusals ({err}) of each button, under them all.
  const failed = WEBHOOK_FORMS.filter((form) => forms[form].error !== null);
  return (
    <>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!blocker && !locked) dispatch(webhookSaveRequested({ hwaddr, url: url.trim() }));
        }}
      >
        <Form.Group className="mb-2" controlId="site-webhook-url">
          <Form.Label>Receiver address</Form.Label>
          <Form.Control
            name="url"
            type="url"
            inputMode="url"
            value={url}
            placeholder="https://receiver.example.com/webhooks/alarms"
            disabled={locked}
            title={title}
            isInvalid={blocker?.invalid ?? false}
            aria-describedby={blocker ? REASON_ID : undefined}
            onChange={(event) => {
              setUrl(event.target.value);
              setDirty(true);
            }}
          />
          {blocker && (
            <Form.Text id={REASON_ID} className={blocker.invalid ? 'text-danger' : undefined}>
              {blocker.text}
            </Form.Text>
          )}
        </Form.Group>
        {webhook && <WebhookSecret hwaddr={hwaddr} secret={webhook.secret} />}
        <div className="d-flex flex-wrap gap-2">
          <Button
            type="submit"
            disabled={blocker !== null || saving.pending || locked}
            title={title}
            aria-describedby={blocker ? REASON_ID : undefined}
          >
            Save
          </Button>
          {webhook && <WebhookActions hwaddr={hwaddr} noControlReason={noControlReason} />}
        </div>
      </Form>
      {failed.map((form) => (
        <Alert key={form} variant="danger" role="alert" className="mt-2">
          {forms[form].error}
        </Alert>
      ))}
    </>
  );
}
