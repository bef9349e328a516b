import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import {
  COMPANY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  TELEPHONE_MAX_LENGTH,
  type RegisterRequest,
} from '@app/contracts';
import { useAppDispatch } from '../../shared/store-hooks';
import { authFormFailed, registerRequested } from '../auth.slice';
import { returnPathOf, returnQueryFor } from '../return-path.util';
import { AuthCard } from './auth-card.component';
import { registerFormProblem } from './register-form.util';
import { useAuthForm } from './use-auth-form.hook';

/** Each field with the longest value the API accepts. */
const FIELDS: Array<{ name: keyof RegisterRequest; label: string; type: string; maxLength: number }> = [
  { name: 'fullname', label: 'Full name', type: 'text', maxLength: FULL_NAME_MAX_LENGTH },
  { name: 'email', label: 'Email', type: 'email', maxLength: EMAIL_MAX_LENGTH },
  { name: 'password', label: 'Password', type: 'password', maxLength: PASSWORD_MAX_LENGTH },
  { name: 'company', label: 'Company', type: 'text', maxLength: COMPANY_MAX_LENGTH },
  { name: 'telephone', label: 'Phone number', type: 'tel', maxLength: TELEPHONE_MAX_LENGTH },
];

/** Registration; like the sign-in page, it comes back to its `?next=` once the account exists (see app.routes). */
export function RegisterPage() {
  const { pending, error } = useAuthForm('register');
  // Signing in instead comes back to the same place.
  const returnQuery = returnQueryFor(returnPathOf(useLocation().search));
  const dispatch = useAppDispatch();
  const [form, setForm] = useState<RegisterRequest>({
    fullname: '',
    email: '',
    password: '',
    company: '',
    telephone: '',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = registerFormProblem(form);
    if (problem) dispatch(authFormFailed({ form: 'register', error: problem }));
    else dispatch(registerRequested({ ...form, fullname: form.fullname.trim(), email: form.email.trim() }));
  };

  return (
    <AuthCard title="Register" error={error}>
      <Form onSubmit={submit} noValidate>
        {FIELDS.map((field) => (
          <Form.Group className="mb-3" controlId={`register-${field.name}`} key={field.name}>
            <Form.Label>{field.label}</Form.Label>
            <Form.Control
              name={field.name}
              type={field.type}
              value={form[field.name] ?? ''}
              minLength={field.name === 'password' ? PASSWORD_MIN_LENGTH : undefined}
              maxLength={field.maxLength}
              aria-describedby={field.name === 'password' ? 'register-password-hint' : undefined}
              onChange={(e) => setForm({ ...form, [field.name]: e.target.value })}
            />
            {field.name === 'password' && (
              <Form.Text id="register-password-hint">At least {PASSWORD_MIN_LENGTH} characters.</Form.Text>
            )}
          </Form.Group>
        ))}
        <Button type="submit" disabled={pending}>
          {pending ? 'Registering…' : 'Register'}
        </Button>
        <div className="auth-card__links">
          <Link to={`/login${returnQuery}`}>Log In</Link>
        </div>
      </Form>
    </AuthCard>
  );
}
