import { LoginDto } from '../auth/login.dto';
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
