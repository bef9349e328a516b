import { EventsQueryDto } from '../sites/events-query.dto';
import { SiteNameDto } from '../sites/site-name.dto';
import { validateDto } from '../validation/validate-dto.util';
import { HwaddrParamDto } from './hwaddr-param.dto';
import { IdParamDto } from './id-param.dto';
import { PanelParamsDto } from './panel-params.dto';
import { RelayActionParamsDto } from './relay-action-params.dto';

describe('PanelParamsDto', () => {
  it('reads networkId 1 to 99 from the route', () => {
    expect(validateDto(PanelParamsDto, { hwaddr: '0011aabbccdd', networkId: '1' })).toEqual({
      ok: true,
      value: Object.assign(new PanelParamsDto(), { hwaddr: '0011aabbccdd', networkId: 1 }),
    });
    expect(validateDto(PanelParamsDto, { hwaddr: '0011aabbccdd', networkId: '99' }).ok).toBe(true);
  });

  it('rejects other network ids', () => {
    for (const networkId of ['0', '100', 'a', '1.5', '']) {
      const result = validateDto(PanelParamsDto, { hwaddr: '0011aabbccdd', networkId });
      expect(result.ok).toBe(false);
    }
    expect(validateDto(PanelParamsDto, { hwaddr: '0011aabbccdd', networkId: 'a' })).toEqual({
      ok: false,
      error: 'networkId must be a whole number from 1 to 99',
    });
  });
});

describe('id params', () => {
  it('turn digit strings into positive numbers', () => {
    const result = validateDto(IdParamDto, { id: '42' });
    expect(result.ok && result.value.id).toBe(42);
    expect(validateDto(IdParamDto, { id: '0' }).ok).toBe(false);
    expect(validateDto(IdParamDto, { id: '4x' }).ok).toBe(false);
    const both = validateDto(RelayActionParamsDto, { id: '3', actionId: '9' });
    expect(both.ok && [both.value.id, both.value.actionId]).toEqual([3, 9]);
  });

  it('normalise a hwaddr param', () => {
    const result = validateDto(HwaddrParamDto, { hwaddr: '0011AABBCCDD' });
    expect(result.ok && result.value.hwaddr).toBe('0011aabbccdd');
  });
});

describe('site requests', () => {
  it('needs a site name', () => {
    expect(validateDto(SiteNameDto, { name: 'Depot' }).ok).toBe(true);
    expect(validateDto(SiteNameDto, { name: '' })).toEqual({ ok: false, error: 'name is required' });
  });

  it('accepts ISO dates in order for the events query', () => {
    expect(validateDto(EventsQueryDto, {}).ok).toBe(true);
    expect(validateDto(EventsQueryDto, { start: '2024-01-01T00:00:00.000Z', end: '2024-02-01' }).ok).toBe(true);
    expect(validateDto(EventsQueryDto, { start: '01/01/2024' })).toEqual({
      ok: false,
      error: 'start must be an ISO 8601 date',
    });
    expect(validateDto(EventsQueryDto, { start: '2024-02-01', end: '2024-01-01' })).toEqual({
      ok: false,
      error: 'end must not be before start',
    });
  });
});
