import {
  COMPANY_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  RESET_TOKEN_MAX_LENGTH,
  TELEPHONE_MAX_LENGTH,
} from '@app/contracts';
import { validateDto } from '../validation/validate-dto.util';
import { AccountUpdateDto } from './account-update.dto';
import { LoginDto } from './login.dto';
import { RegisterDto } from './register.dto';
import { ResetPasswordRequestDto } from './reset-password-request.dto';
import { ResetPasswordDto } from './reset-password.dto';

describe('LoginDto', () => {
  it('needs email and password', () => {
    expect(validateDto(LoginDto, { email: 'a@example.com', password: 'x' }).ok).toBe(true);
    expect(validateDto(LoginDto, { password: 'x' })).toEqual({ ok: false, error: 'email is required' });
    expect(validateDto(LoginDto, { email: 'a@example.com', password: '' })).toEqual({
      ok: false,
      error: 'password is required',
    });
  });
});

describe('RegisterDto', () => {
  const valid = { fullname: 'Ann Smith', email: 'ann@example.com', password: 'longenough' };

  it('accepts the required fields, company and telephone optional', () => {
    expect(validateDto(RegisterDto, valid).ok).toBe(true);
    expect(validateDto(RegisterDto, { ...valid, company: 'Acme', telephone: '0123' }).ok).toBe(true);
  });

  it('names the field that is wrong', () => {
    expect(validateDto(RegisterDto, { ...valid, fullname: '' })).toEqual({ ok: false, error: 'fullname is required' });
    expect(validateDto(RegisterDto, { ...valid, email: 'not-an-email' })).toEqual({
      ok: false,
      error: 'email must be a valid email address',
    });
    expect(validateDto(RegisterDto, { ...valid, password: 'short12' })).toEqual({
      ok: false,
      error: 'password must be at least 8 characters',
    });
    expect(validateDto(RegisterDto, { ...valid, company: 5 })).toEqual({
      ok: false,
      error: 'company must be a string',
    });
  });
});

describe('password reset', () => {
  it('needs an e-mail address to request a reset', () => {
    expect(validateDto(ResetPasswordRequestDto, { email: 'ann@example.com' }).ok).toBe(true);
    expect(validateDto(ResetPasswordRequestDto, { email: 'ann' }).ok).toBe(false);
  });

  it('needs the token and a password of at least 8 characters', () => {
    expect(validateDto(ResetPasswordDto, { password: '12345678', token: 'a.b.c' }).ok).toBe(true);
    expect(validateDto(ResetPasswordDto, { password: '1234567', token: 'a.b.c' })).toEqual({
      ok: false,
      error: 'password must be at least 8 characters',
    });
    expect(validateDto(ResetPasswordDto, { password: '12345678' })).toEqual({ ok: false, error: 'token is required' });
  });
});

describe('AccountUpdateDto', () => {
  it('needs email and name', () => {
    expect(
      validateDto(AccountUpdateDto, { email: 'ann@example.com', name: 'Ann', company: '', telephone: '' }).ok,
    ).toBe(true);
    expect(validateDto(AccountUpdateDto, { email: 'ann@example.com' })).toEqual({
      ok: false,
      error: 'name is required',
    });
  });

  it('takes the toast preference as a boolean, or not at all', () => {
    const details = { email: 'ann@example.com', name: 'Ann' };
    expect(validateDto(AccountUpdateDto, { ...details, otherEventToasts: false }).ok).toBe(true);
    expect(validateDto(AccountUpdateDto, details).ok).toBe(true);
    expect(validateDto(AccountUpdateDto, { ...details, otherEventToasts: 'false' }).ok).toBe(false);
  });
});

describe('text lengths', () => {
  const valid = { fullname: 'Ann Smith', email: 'ann@example.com', password: 'longenough' };

  it('bounds every free-text field of an account by its documented maximum', () => {
    expect(validateDto(RegisterDto, { ...valid, fullname: 'x'.repeat(FULL_NAME_MAX_LENGTH) }).ok).toBe(true);
    expect(validateDto(RegisterDto, { ...valid, fullname: 'x'.repeat(FULL_NAME_MAX_LENGTH + 1) })).toEqual({
      ok: false,
      error: `fullname must be at most ${FULL_NAME_MAX_LENGTH} characters`,
    });
    expect(validateDto(RegisterDto, { ...valid, company: 'x'.repeat(COMPANY_MAX_LENGTH + 1) })).toEqual({
      ok: false,
      error: `company must be at most ${COMPANY_MAX_LENGTH} characters`,
    });
    expect(
      validateDto(AccountUpdateDto, {
        email: 'ann@example.com',
        name: 'Ann',
        telephone: '1'.repeat(TELEPHONE_MAX_LENGTH + 1),
      }),
    ).toEqual({
      ok: false,
      error: `telephone must be at most ${TELEPHONE_MAX_LENGTH} characters`,
    });
    expect(validateDto(RegisterDto, { ...valid, email: `${'a'.repeat(EMAIL_MAX_LENGTH)}@example.com` })).toEqual({
      ok: false,
      error: `email must be at most ${EMAIL_MAX_LENGTH} characters`,
    });
  });

  it('bounds passwords, at login too, since each one is hashed', () => {
    const long = 'p'.repeat(PASSWORD_MAX_LENGTH + 1);
    expect(validateDto(RegisterDto, { ...valid, password: 'p'.repeat(PASSWORD_MAX_LENGTH) }).ok).toBe(true);
    expect(validateDto(RegisterDto, { ...valid, password: long })).toEqual({
      ok: false,
      error: `password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    });
    expect(validateDto(LoginDto, { email: 'ann@example.com', password: long })).toEqual({
      ok: false,
      error: `password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    });
    expect(validateDto(ResetPasswordDto, { password: long, token: 'a.b.c' }).ok).toBe(false);
    expect(
      validateDto(ResetPasswordDto, { password: 'longenough', token: 't'.repeat(RESET_TOKEN_MAX_LENGTH + 1) }),
    ).toEqual({
      ok: false,
      error: `token must be at most ${RESET_TOKEN_MAX_LENGTH} characters`,
    });
  });
});
