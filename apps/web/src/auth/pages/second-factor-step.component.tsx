import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useAppDispatch } from '../../shared/store-hooks';
import { SECOND_FACTOR_CODE_MAX_LENGTH, SECOND_FACTOR_TEXT } from '../second-factor-messages.constants';
import { secondFactorEnded, secondFactorRequested, type SecondFactorStep } from '../auth.slice';
import { AuthCard } from './auth-card.component';

/**
 * The login's second step: the authenticator's code or a recovery code. A plain text field, as
 * recovery codes have letters; Back returns to the e-mail/password form.
 */
export function SecondFactorStepCard({ step }: { step: SecondFactorStep }) {
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const { pending, error } = step.status;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() && !pending) dispatch(secondFactorRequested({ code: code.trim() }));
  };

  return (
    <AuthCard title={SECOND_FACTOR_TEXT.title} error={error}>
      <p>{SECOND_FACTOR_TEXT.intro}</p>
      <Form onSubmit={submit} noValidate>
        <Form.Group className="mb-3" controlId="login-second-factor-code">
          <Form.Label>{SECOND_FACTOR_TEXT.codeLabel}</Form.Label>
          <Form.Control
            name="code"
            type="text"
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            value={code}
            maxLength={SECOND_FACTOR_CODE_MAX_LENGTH}
            onChange={(e) => setCode(e.target.value)}
            required
          />
        </Form.Group>
        <Button type="submit" disabled={pending || !code.trim()}>
          Verify
        </Button>
        <div className="auth-card__links">
          <Button variant="link" className="p-0" disabled={pending} onClick={() => dispatch(secondFactorEnded(null))}>
            Back
          </Button>
        </div>
      </Form>
    </AuthCard>
  );
}
