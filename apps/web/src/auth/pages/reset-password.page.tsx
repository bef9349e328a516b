import { useMemo, useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useParams } from 'react-router';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, decodeTokenPayload } from '@app/contracts';
import { useAppDispatch } from '../../shared/store-hooks';
import { passwordResetRequested } from '../auth.slice';
import { AuthCard } from './auth-card.component';
import { useAuthForm } from './use-auth-form.hook';

/** /resetpass/:token — the e-mail address is read from the token's payload (spec 2.1). */
export function ResetPasswordPage() {
  const { pending, error } = useAuthForm('passwordReset');
  const dispatch = useAppDispatch();
  const { token = '' } = useParams();
  const email = useMemo(() => {
    const value = decodeTokenPayload(token)?.email;
    return typeof value === 'string' ? value : '';
  }, [token]);
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(passwordResetRequested({ password, token }));
  };

  return (
    <AuthCard title="Set a New Password" error={error}>
      <Form onSubmit={submit}>
        <Form.Group className="mb-3" controlId="reset-identity">
          <Form.Label>Email</Form.Label>
          <Form.Control value={email} readOnly plaintext />
        </Form.Group>
        <Form.Group className="mb-3" controlId="reset-password">
          <Form.Label>New password</Form.Label>
          <Form.Control
            name="password"
            type="password"
            value={password}
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </Form.Group>
        <Button type="submit" disabled={pending || password.length < PASSWORD_MIN_LENGTH}>
          Reset Password
        </Button>
      </Form>
    </AuthCard>
  );
}
