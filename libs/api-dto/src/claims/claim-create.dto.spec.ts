import { SITE_NICKNAME_MAX_LENGTH } from '@app/contracts';
import { validateDto } from '../validation/validate-dto.util';
import { ClaimCreateDto } from './claim-create.dto';
import { ClaimEmailDto } from './claim-email.dto';
import { ClaimRemoveDto } from './claim-remove.dto';

const valid = { hwaddr: '0011aabbccdd', key: '0042', nickname: 'Warehouse', notify: true };

describe('ClaimCreateDto', () => {
  it('accepts a valid claim', () => {
    expect(validateDto(ClaimCreateDto, valid)).toEqual({ ok: true, value: expect.any(ClaimCreateDto) });
  });

  it('normalises a hwaddr typed with colons or in uppercase', () => {
    for (const hwaddr of ['00:11:AA:BB:CC:DD', '0011AABBCCDD', '00:11:aa:bb:cc:dd']) {
      const result = validateDto(ClaimCreateDto, { ...valid, hwaddr });
      expect(result.ok && result.value.hwaddr).toBe('0011aabbccdd');
    }
  });

  it('rejects a hwaddr that is not 12 hex characters', () => {
    for (const hwaddr of ['0011aabbccd', '0011aabbccddee', '00-11-aa-bb-cc-dd', 'zz11aabbccdd', 1234]) {
      expect(validateDto(ClaimCreateDto, { ...valid, hwaddr })).toEqual({
        ok: false,
        error: 'hwaddr must be 12 hexadecimal characters (colons allowed)',
      });
    }
    expect(validateDto(ClaimCreateDto, { ...valid, hwaddr: undefined })).toEqual({
      ok: false,
      error: 'hwaddr is required',
    });
  });

  it('needs a key of exactly 4 digits', () => {
    for (const key of ['123', '12345', '12a4', 1234]) {
      expect(validateDto(ClaimCreateDto, { ...valid, key })).toEqual({
        ok: false,
        error: 'key must be exactly 4 digits',
      });
    }
    expect(validateDto(ClaimCreateDto, { ...valid, key: '' })).toEqual({ ok: false, error: 'key is required' });
  });

  it('leaves nickname and notify optional but typed', () => {
    expect(validateDto(ClaimCreateDto, { hwaddr: valid.hwaddr, key: valid.key }).ok).toBe(true);
    expect(validateDto(ClaimCreateDto, { ...valid, notify: 'yes' })).toEqual({
      ok: false,
      error: 'notify must be true or false',
    });
  });

  it('refuses properties it does not declare', () => {
    expect(validateDto(ClaimCreateDto, { ...valid, status: 'AUTHED' })).toEqual({
      ok: false,
      error: 'status is not an accepted field',
    });
  });

  it('bounds the nickname', () => {
    expect(validateDto(ClaimCreateDto, { ...valid, nickname: 'n'.repeat(SITE_NICKNAME_MAX_LENGTH) }).ok).toBe(true);
    expect(validateDto(ClaimCreateDto, { ...valid, nickname: 'n'.repeat(SITE_NICKNAME_MAX_LENGTH + 1) })).toEqual({
      ok: false,
      error: `nickname must be at most ${SITE_NICKNAME_MAX_LENGTH} characters`,
    });
  });
});

describe('ClaimRemoveDto and ClaimEmailDto', () => {
  it('check the hwaddr and the e-mail state', () => {
    expect(validateDto(ClaimRemoveDto, { hwaddr: '00:11:22:33:44:55' }).ok).toBe(true);
    expect(validateDto(ClaimRemoveDto, {}).ok).toBe(false);
    expect(validateDto(ClaimEmailDto, { state: false }).ok).toBe(true);
    expect(validateDto(ClaimEmailDto, { state: 'false' })).toEqual({ ok: false, error: 'state must be true or false' });
  });
});
