import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { COMPANY_MAX_LENGTH } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { COMPANIES_TEXT, COMPANY_TEXT } from '../companies-messages.constants';
import { selectCompanyForm } from '../companies.selectors';
import { companyRenameRequested, companyTwoFactorChangeRequested } from '../companies.slice';

/** The name as saved; keyed by it, so that a rename's answer starts the field again from the new name. */
function RenameForm({ id, name }: { id: string; name: string }) {
  const dispatch = useAppDispatch();
  const { pending, error } = useAppSelector((state) => selectCompanyForm(state, 'rename'));
  const [draft, setDraft] = useState(name);
  const changed = draft.trim() !== '' && draft.trim() !== name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) dispatch(companyRenameRequested({ id, name: draft.trim() }));
  };

  return (
    <Form onSubmit={submit} className="mb-3">
      <Form.Group className="mb-2" controlId="company-name">
        <Form.Label>{COMPANIES_TEXT.companyName}</Form.Label>
        <Form.Control
          name="name"
          value={draft}
          maxLength={COMPANY_MAX_LENGTH}
          required
          onChange={(e) => setDraft(e.target.value)}
        />
      </Form.Group>
      <Button type="submit" variant="outline-primary" disabled={pending || !changed}>
        {COMPANY_TEXT.rename}
      </Button>
      {error && (
        <Alert variant="danger" role="alert" className="mt-2">
          {error}
        </Alert>
      )}
    </Form>
  );
}

/** An admin's settings: the company's name, and whether its members must use two-factor sign-in. */
export function CompanySettings({
  id,
  name,
  requireTwoFactor,
}: {
  id: string;
  name: string;
  requireTwoFactor: boolean;
}) {
  const dispatch = useAppDispatch();
  const twoFactor = useAppSelector((state) => selectCompanyForm(state, 'twoFactor'));
  return (
    <section className="company-settings mb-4 narrow-form" aria-labelledby="company-settings-title">
      <h2 id="company-settings-title" className="h5">
        {COMPANY_TEXT.settingsTitle}
      </h2>
      <RenameForm key={name} id={id} name={name} />
      <Form.Group controlId="company-require-two-factor">
        <Form.Check
          type="checkbox"
          name="requireTwoFactor"
          label={COMPANY_TEXT.requireTwoFactor}
          checked={requireTwoFactor}
          disabled={twoFactor.pending}
          aria-describedby="company-require-two-factor-help"
          onChange={(e) => dispatch(companyTwoFactorChangeRequested({ id, requireTwoFactor: e.target.checked }))}
        />
        <Form.Text id="company-require-two-factor-help">{COMPANY_TEXT.requireTwoFactorHelp}</Form.Text>
      </Form.Group>
      {twoFactor.error && (
        <Alert variant="danger" role="alert" className="mt-2">
          {twoFactor.error}
        </Alert>
      )}
    </section>
  );
}
