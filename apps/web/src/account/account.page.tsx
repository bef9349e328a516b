import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import {
  COMPANY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  MESSAGES,
  TELEPHONE_MAX_LENGTH,
  type AccountResponse,
} from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../shared/store-hooks';
import { PageHeader } from '../shared/page-header.component';
import { accountLoadRequested, accountSaveRequested } from './account.slice';
import { selectAccount } from './account.selectors';
import { OTHER_EVENT_TOASTS_HELP } from './account-messages.constants';
import { PushAlertsSection } from '../push/pages/push-alerts.section';
import { QuietHoursSection } from '../quiet-hours/pages/quiet-hours.section';
import { SessionsSection } from '../sessions/pages/sessions-section.component';
import { TwoFactorSection } from '../two-factor/pages/two-factor-section.component';
import { TwoFactorRequiredNotice } from '../two-factor/pages/two-factor-required.notice';
import { AccountActivitySection } from '../account-activity/pages/account-activity-section.component';

const EMPTY: AccountResponse = { email: '', name: '', company: '', telephone: '', otherEventToasts: true };
type TextField = 'email' | 'name' | 'company' | 'telephone';
/** Each field with the longest value the API accepts. */
const FIELDS: Array<{ name: TextField; label: string; type: string; maxLength: number }> = [
  { name: 'email', label: 'Email', type: 'email', maxLength: EMAIL_MAX_LENGTH },
  { name: 'name', label: 'Name', type: 'text', maxLength: FULL_NAME_MAX_LENGTH },
  { name: 'company', label: 'Company', type: 'text', maxLength: COMPANY_MAX_LENGTH },
  { name: 'telephone', label: 'Phone number', type: 'tel', maxLength: TELEPHONE_MAX_LENGTH },
];

/**
 * My Account (spec 2.5): Save only after a change; incoming data never overwrites edits. Then
 * two-factor sign-in, the signed-in browsers, the account's activity, alerts on the phone, and quiet
 * hours.
 */
export function AccountPage() {
  const dispatch = useAppDispatch();
  const { account, load, save, saves } = useAppSelector(selectAccount);
  const [draft, setDraft] = useState<AccountResponse>(EMPTY);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    dispatch(accountLoadRequested());
  }, [dispatch]);
  useEffect(() => {
    // Incoming data fills the form only while it has no edits (spec 4), so it is copied, not derived.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (account && !dirty) setDraft(account);
  }, [account, dirty]);
  useEffect(() => {
    // A save that succeeded ends the edits; the count changes once per save, so this runs once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (saves > 0) setDirty(false);
  }, [saves]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.email.trim() && draft.name.trim()) dispatch(accountSaveRequested(draft));
  };

  return (
    <>
      <PageHeader crumbs={[{ label: 'My Account' }]} title="My Account" subtitle="Your contact details" />
      {load.error && (
        <Alert variant="danger" role="alert">
          {load.error}
        </Alert>
      )}
      {save.error && (
        <Alert variant="danger" role="alert">
          {save.error}
        </Alert>
      )}
      {/* The confirmation stays until the next edit. */}
      {save.done && !dirty && (
        <Alert variant="success" role="status">
          {save.notice}
        </Alert>
      )}
      {(load.pending || save.pending) && <p className="text-muted">{MESSAGES.loadingAccount}</p>}
      <Form onSubmit={submit} className="narrow-form">
        {FIELDS.map((field) => (
          <Form.Group className="mb-3" controlId={`account-${field.name}`} key={field.name}>
            <Form.Label>{field.label}</Form.Label>
            <Form.Control
              name={field.name}
              type={field.type}
              value={draft[field.name]}
              maxLength={field.maxLength}
              required={field.name === 'email' || field.name === 'name'}
              onChange={(e) => {
                setDraft({ ...draft, [field.name]: e.target.value });
                setDirty(true);
              }}
            />
          </Form.Group>
        ))}
        <Form.Group className="mb-3" controlId="account-other-event-toasts">
          <Form.Check
            type="switch"
            name="otherEventToasts"
            label="Toasts for other events"
            checked={draft.otherEventToasts !== false}
            aria-describedby="account-other-event-toasts-help"
            onChange={(e) => {
              setDraft({ ...draft, otherEventToasts: e.target.checked });
              setDirty(true);
            }}
          />
          <Form.Text id="account-other-event-toasts-help">{OTHER_EVENT_TOASTS_HELP}</Form.Text>
        </Form.Group>
        <Button type="submit" disabled={!dirty || save.pending || !draft.email.trim() || !draft.name.trim()}>
          Save
        </Button>
      </Form>
      <TwoFactorRequiredNotice />
      <TwoFactorSection />
      <SessionsSection />
      <AccountActivitySection />
      <PushAlertsSection />
      <QuietHoursSection />
    </>
  );
}
