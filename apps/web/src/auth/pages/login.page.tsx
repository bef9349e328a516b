import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import { EMAIL_MAX_LENGTH, MESSAGES, PASSWORD_MAX_LENGTH } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectAuthNotice, selectSecondFactorStep } from '../auth.selectors';
import { returnPathOf, returnQueryFor } from '../return-path.util';
import { authFormFailed, loginRequested } from '../auth.slice';
import { AuthCard } from './auth-card.component';
import { SecondFactorStepCard } from './second-factor-step.component';
import { useAuthForm } from './use-auth-form.hook';

/** E-mail and password; for an account with two-factor sign-in on, then the code (the form's fields are kept for Back). */
export function LoginPage() {
  const { pending, error } = useAuthForm('login');
  const dispatch = useAppDispatch();
  const notice = useAppSelector(selectAuthNotice);
  const secondFactor = useAppSelector(selectSecondFactorStep);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Registering instead comes back to the same place.
  const returnQuery = returnQueryFor(returnPathOf(useLocation().search));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) dispatch(authFormFailed({ form: 'login', error: MESSAGES.loginFailed }));
    else dispatch(loginRequested({ email: email.trim(), password }));
  };

  if (secondFactor) return <SecondFactorStepCard step={secondFactor} />;

  return (
    <AuthCard title="Log In" error={error}>
      {notice && <Alert variant="warning">{notice}</Alert>}
      <Form onSubmit={submit} noValidate>
        <Form.Group className="mb-3" controlId="login-email">
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
        <Form.Group className="mb-3" controlId="login-password">
          <Form.Label>Password</Form.Label>
          <Form.Control
            name="password"
            type="password"
            value={password}
            maxLength={PASSWORD_MAX_LENGTH}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </Form.Group>
        <Button type="submit" disabled={pending}>
          {pending ? 'Logging in…' : 'Log In'}
        </Button>
        <div className="auth-card__links">
          <Link to={`/register${returnQuery}`}>Register</Link>
          <Link to="/resetpass">Reset Password</Link>
        </div>
      </Form>
    </AuthCard>
  );
}
