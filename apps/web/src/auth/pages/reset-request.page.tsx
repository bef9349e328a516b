import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { EMAIL_MAX_LENGTH } from '@app/contracts';
import { useAppDispatch } from '../../shared/store-hooks';
import { resetMailRequested } from '../auth.slice';
import { AuthCard } from './auth-card.component';
import { useAuthForm } from './use-auth-form.hook';

export function ResetRequestPage() {
  const { pending, error, done: sent } = useAuthForm('resetMail');
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) dispatch(resetMailRequested({ email: email.trim() }));
  };

  return (
    <AuthCard title="Reset Password" error={error}>
      {sent ? (
        <Alert variant="success">If the address belongs to an account, a reset link is on its way.</Alert>
      ) : (
        <Form onSubmit={submit}>
          <Form.Group className="mb-3" controlId="reset-email">
            <Form.Label>Email</Form.Label>
            <Form.Control
              name="email"
              type="email"
              value={email}
              maxLength={EMAIL_MAX_LENGTH}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
          </Form.Group>
          <Button type="submit" disabled={pending || !email.trim()}>
            Send Reset Link
          </Button>
        </Form>
      )}
      <div className="auth-card__links">
        <Link to="/login">Log In</Link>
      </div>
    </AuthCard>
  );
}
