import { MESSAGES, PASSWORD_MIN_LENGTH, type RegisterRequest } from '@app/contracts';

/**
 * Why a registration form cannot be sent (spec 5, "Register"): 'Invalid form credentials' and each
 * reason, so the user knows what to fix; null when it can be sent.
 */
export function registerFormProblem(form: RegisterRequest): string | null {
  const reasons: string[] = [];
  if (!form.fullname.trim()) reasons.push('Full name is required.');
  if (!form.email.trim()) reasons.push('Email is required.');
  if (form.password.length < PASSWORD_MIN_LENGTH)
    reasons.push(`Password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  return reasons.length === 0 ? null : `${MESSAGES.invalidFormCredentials}: ${reasons.join(' ')}`;
}
