import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { COMPANY_MAX_LENGTH } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { COMPANIES_TEXT } from '../companies-messages.constants';
import { selectCompanyForm } from '../companies.selectors';
import { companyCreateRequested } from '../companies.slice';

/** Create a company: its name; the user becomes its admin, and its page opens. */
export function CreateCompanyForm() {
  const dispatch = useAppDispatch();
  const { pending, error } = useAppSelector((state) => selectCompanyForm(state, 'create'));
  const [name, setName] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) dispatch(companyCreateRequested(name.trim()));
  };

  return (
    <section className="create-company mt-4 narrow-form" aria-labelledby="create-company-title">
      <h2 id="create-company-title" className="h5">
        {COMPANIES_TEXT.createTitle}
      </h2>
      <Form onSubmit={submit}>
        <Form.Group className="mb-3" controlId="create-company-name">
          <Form.Label>{COMPANIES_TEXT.companyName}</Form.Label>
          <Form.Control
            name="name"
            value={name}
            maxLength={COMPANY_MAX_LENGTH}
            required
            onChange={(e) => setName(e.target.value)}
          />
        </Form.Group>
        <Button type="submit" disabled={pending || !name.trim()}>
          {COMPANIES_TEXT.create}
        </Button>
      </Form>
      {error && (
        <Alert variant="danger" role="alert" className="mt-3">
          {error}
        </Alert>
      )}
    </section>
  );
}
