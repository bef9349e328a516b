import { HOST_MAX_LENGTH, RELAY_NAME_MAX_LENGTH } from '@app/contracts';
import { validateDto } from '../validation/validate-dto.util';
import { RelayActionRequestDto } from './relay-action-request.dto';
import { RelayCreateDto } from './relay-create.dto';
import { RelayTestDto } from './relay-test.dto';
import { RelayUpdateDto } from './relay-update.dto';

const password = 'A'.repeat(32);
const relay = { host: 'relay.example.com', name: 'Gate', port: 17123, password };

describe('RelayCreateDto', () => {
  it('bounds the name and the host', () => {
    expect(validateDto(RelayCreateDto, { ...relay, name: 'n'.repeat(RELAY_NAME_MAX_LENGTH + 1) })).toEqual({
      ok: false,
      error: `name must be at most ${RELAY_NAME_MAX_LENGTH} characters`,
    });
    expect(validateDto(RelayCreateDto, { ...relay, host: `${'a'.repeat(60)}.`.repeat(5) })).toEqual({
      ok: false,
      error: `host must be at most ${HOST_MAX_LENGTH} characters`,
    });
  });

  it('accepts host names and IP addresses', () => {
    expect(validateDto(RelayCreateDto, relay).ok).toBe(true);
    expect(validateDto(RelayCreateDto, { ...relay, host: '203.0.113.7' }).ok).toBe(true);
    expect(validateDto(RelayCreateDto, { ...relay, host: 'localhost', name: undefined }).ok).toBe(true);
  });

  it('needs a password of exactly 32 characters', () => {
    for (const bad of ['A'.repeat(31), 'A'.repeat(33)]) {
      expect(validateDto(RelayCreateDto, { ...relay, password: bad })).toEqual({
        ok: false,
        error: 'password must be exactly 32 characters',
      });
    }
    expect(validateDto(RelayCreateDto, { ...relay, password: undefined })).toEqual({
      ok: false,
      error: 'password is required',
    });
    for (const bad of ['"'.repeat(32), 'é'.repeat(32), '\t'.repeat(32)]) {
      expect(validateDto(RelayCreateDto, { ...relay, password: bad })).toEqual({
        ok: false,
        error: 'password must use printable ASCII characters other than "',
      });
    }
    expect(validateDto(RelayCreateDto, { ...relay, password: ' !#$%&()*+,-./0123456789:;<=>?@~' }).ok).toBe(true);
  });

  it('needs an integer port from 1 to 65535', () => {
    expect(validateDto(RelayCreateDto, { ...relay, port: undefined }).ok).toBe(true);
    for (const port of [0, 65536, 80.5, '17123']) {
      expect(validateDto(RelayCreateDto, { ...relay, port })).toEqual({
        ok: false,
        error: 'port must be a whole number from 1 to 65535',
      });
    }
    expect(validateDto(RelayCreateDto, { ...relay, port: 65535 }).ok).toBe(true);
  });

  it('needs a host that is an address or a DNS name', () => {
    expect(validateDto(RelayCreateDto, { ...relay, host: '' })).toEqual({ ok: false, error: 'host is required' });
    expect(validateDto(RelayCreateDto, { ...relay, host: 'bad host!' })).toEqual({
      ok: false,
      error: 'host must be an IP address or DNS name',
    });
  });
});

describe('RelayUpdateDto and RelayTestDto', () => {
  it('let an update keep the stored password', () => {
    expect(validateDto(RelayUpdateDto, { host: relay.host, port: 1, name: 'Gate' }).ok).toBe(true);
    expect(validateDto(RelayUpdateDto, { ...relay, password: 'short' }).ok).toBe(false);
  });

  it('need everything to test a relay', () => {
    expect(validateDto(RelayTestDto, { host: relay.host, port: relay.port, password }).ok).toBe(true);
    expect(validateDto(RelayTestDto, { host: relay.host, port: relay.port })).toEqual({
      ok: false,
      error: 'password is required',
    });
  });
});

describe('RelayActionRequestDto', () => {
  const trigger = { relay_1: 5, relay_2: 0, io_1: true, io_2: false, io_3: false, io_4: false };
  const action = { hwaddr: '00:11:AA:BB:CC:DD', on_fire: trigger, on_fault: { ...trigger, relay_1: 0 } };

  it('accepts an action and normalises its hwaddr', () => {
    const result = validateDto(RelayActionRequestDto, { action });
    expect(result.ok && result.value.action.hwaddr).toBe('0011aabbccdd');
  });

  it('needs whole seconds of 0 or more, named by their path', () => {
    expect(validateDto(RelayActionRequestDto, { action: { ...action, on_fire: { ...trigger, relay_1: -1 } } })).toEqual(
      {
        ok: false,
        error: 'action.on_fire.relay_1 must be a whole number from 0 to 2147483',
      },
    );
    expect(
      validateDto(RelayActionRequestDto, { action: { ...action, on_fault: { ...trigger, relay_2: 1.5 } } }),
    ).toEqual({
      ok: false,
      error: 'action.on_fault.relay_2 must be a whole number from 0 to 2147483',
    });
    expect(
      validateDto(RelayActionRequestDto, { action: { ...action, on_fire: { ...trigger, relay_2: 2_147_483 } } }).ok,
    ).toBe(true);
    expect(
      validateDto(RelayActionRequestDto, { action: { ...action, on_fire: { ...trigger, relay_2: 2_147_484 } } }),
    ).toEqual({ ok: false, error: 'action.on_fire.relay_2 must be a whole number from 0 to 2147483' });
    expect(
      validateDto(RelayActionRequestDto, { action: { ...action, on_fault: { ...trigger, relay_2: undefined } } }),
    ).toEqual({
      ok: false,
      error: 'action.on_fault.relay_2 is required',
    });
  });

  it('needs the site and both trigger settings', () => {
    expect(validateDto(RelayActionRequestDto, { action: { ...action, hwaddr: '' } })).toEqual({
      ok: false,
      error: 'action.hwaddr is required',
    });
    expect(validateDto(RelayActionRequestDto, { action: { hwaddr: action.hwaddr, on_fire: trigger } })).toEqual({
      ok: false,
      error: 'action.on_fault is required',
    });
    expect(validateDto(RelayActionRequestDto, {})).toEqual({ ok: false, error: 'action is required' });
    expect(validateDto(RelayActionRequestDto, { action: [] })).toEqual({
      ok: false,
      error: 'action must be an object',
    });
  });
});
