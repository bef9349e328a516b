import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES, PASSWORD_MIN_LENGTH, type RegisterRequest } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../app/app-hooks';
import { selectAuthForm } from '../auth.selectors';
import { authFormFailed, registerRequested } from '../auth.slice';
import { AuthCard } from './auth-card.component';
import { useAuthFormReset } from './use-auth-form-reset.hook';

const FIELDS: Array<{ name: keyof RegisterRequest; label: string; type: string }> = [
  { name: 'fullname', label: 'Full name', type: 'text' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'password', label: 'Password', type: 'password' },
  { name: 'company', label: 'Company', type: 'text' },
  { name: 'telephone', label: 'Phone number', type: 'tel' },
];

export function RegisterPage() {
  useAuthFormReset();
  const dispatch = useAppDispatch();
  const { pending, error } = useAppSelector(selectAuthForm);
  const [form, setForm] = useState<RegisterRequest>({ fullname: '', email: '', password: '', company: '', telephone: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = form.fullname.trim() && form.email.trim() && form.password.length >= PASSWORD_MIN_LENGTH;
    if (!valid) dispatch(authFormFailed(MESSAGES.invalidFormCredentials));
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
              onChange={(e) => setForm({ ...form, [field.name]: e.target.value })}
            />
          </Form.Group>
        ))}
        <Button type="submit" disabled={pending}>
          {pending ? 'Registering…' : 'Register'}
        </Button>
        <div className="auth-card__links">
          <Link to="/login">Log In</Link>
        </div>
      </Form>
    </AuthCard>
  );
}
