import { LoginDto } from '../auth/login.dto';
import { ClaimCreateDto } from '../claims/claim-create.dto';
import { RegisterDto } from '../auth/register.dto';
import { RelayActionRequestDto } from '../relays/relay-action-request.dto';
import { validateDto } from './validate-dto.util';

describe('validateDto', () => {
  it('answers an instance of the DTO class', () => {
    const result = validateDto(LoginDto, { email: 'a@example.com', password: 'secret' });
    expect(result.ok && result.value).toBeInstanceOf(LoginDto);
  });

  it('refuses a body that is not a JSON object', () => {
    for (const body of [null, 'text', 5, [{ email: 'a' }]]) {
      expect(validateDto(LoginDto, body)).toEqual({ ok: false, error: 'request body must be a JSON object' });
    }
  });

  it('reports the first failing field in declaration order', () => {
    expect(validateDto(LoginDto, {})).toEqual({ ok: false, error: 'email is required' });
  });
});

describe('validateDto on any request value', () => {
  it('treats a null field as left out: an optional one stays absent, a required one is required', () => {
    const result = validateDto(ClaimCreateDto, { hwaddr: '0a1b2c3d4e5f', key: '1234', nickname: null, notify: null });
    expect(result.ok && { ...result.value }).toEqual({ hwaddr: '0a1b2c3d4e5f', key: '1234' });
    expect(validateDto(LoginDto, { email: null, password: 'secret' })).toEqual({
      ok: false,
      error: 'email is required',
    });
    expect(validateDto(RelayActionRequestDto, { action: null })).toEqual({
      ok: false,
      error: 'action is required',
    });
  });

  it('refuses a field the DTO does not declare, at any depth, by name', () => {
    expect(validateDto(LoginDto, { email: 'a@example.com', password: 'secret', admin: true })).toEqual({
      ok: false,
      error: 'admin is not an accepted field',
    });
    expect(validateDto(RelayActionRequestDto, { action: { hwaddr: '0a1b2c3d4e5f', colour: 'red' } })).toEqual({
      ok: false,
      error: 'action.colour is not an accepted field',
    });
    expect(validateDto(LoginDto, JSON.parse('{"email":"a@example.com","password":"secret","__proto__":{}}'))).toEqual({
      ok: false,
      error: '__proto__ is not an accepted field',
    });
  });

  it('refuses text with a control character or a lone surrogate in any field', () => {
    expect(validateDto(LoginDto, { email: 'a@example.com', password: 'sec\u0000ret' })).toEqual({
      ok: false,
      error: 'password contains the control character U+0000',
    });
    expect(
      validateDto(RegisterDto, { fullname: 'A', email: 'a@example.com', password: 'long enough', company: '\udc00' }),
    ).toEqual({
      ok: false,
      error: 'company contains a lone surrogate (U+DC00)',
    });
  });

  it('refuses a value nested deeper than the limit', () => {
    let deep: unknown = {};
    for (let level = 0; level < 20; level++) deep = { a: deep };
    expect(validateDto(LoginDto, { email: 'a@example.com', password: 'secret', extra: deep })).toEqual({
      ok: false,
      error: 'request nests objects and arrays deeper than 16 levels',
    });
  });
});
