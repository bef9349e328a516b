import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Form } from 'react-bootstrap';
import { SECOND_FACTOR_CODE_MAX_LENGTH } from '../../auth/second-factor-messages.constants';

interface CodeFormProps {
  id: string;
  label: string;
  submitLabel: string;
  submitVariant?: string;
  /** A request is in flight: every button waits. */
  pending: boolean;
  onCode: (code: string) => void;
  /** Further buttons beside the submit one (Cancel). */
  children?: ReactNode;
}

/** One code field and its button, which an empty field disables. Plain text: a recovery code has letters. */
export function CodeForm({ id, label, submitLabel, submitVariant, pending, onCode, children }: CodeFormProps) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() && !pending) onCode(code.trim());
  };

  return (
    <Form onSubmit={submit} noValidate>
      <Form.Group className="mb-3" controlId={id}>
        <Form.Label>{label}</Form.Label>
        <Form.Control
          name="code"
          type="text"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          value={code}
          maxLength={SECOND_FACTOR_CODE_MAX_LENGTH}
          onChange={(e) => setCode(e.target.value)}
          required
        />
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant={submitVariant} disabled={pending || !code.trim()}>
          {submitLabel}
        </Button>
        {children}
      </div>
    </Form>
  );
}
