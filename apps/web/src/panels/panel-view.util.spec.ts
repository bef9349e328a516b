import { configuredPanel } from '../../test/fake-panel-api.util';
import { moduleRowsOf, runtimeViewOf, zoneRowsOf } from './panel-view.util';

const base = '/site/0011aabbccdd/panel/1';

describe('panel views', () => {
  it('numbers runtime zone badges id + 1 with the zone names', () => {
    const panel = configuredPanel({ runtime: { zones: { fire: [0], fault: [2, 9] }, disabled: { sounders: true } } });
    expect(runtimeViewOf(panel)).toEqual({
      fires: [{ id: 0, number: 1, name: 'Reception' }],
      faults: [
        { id: 2, number: 3, name: 'Plant room' },
        { id: 9, number: 10, name: '' },
      ],
      soundersDisabled: true,
    });
    expect(runtimeViewOf(configuredPanel({ runtime: null }))).toBeNull();
  });

  it('lists each zone followed by its devices, hides empty zones unless asked, and filters by device name, type or zone name', () => {
    const panel = configuredPanel();
    const names = (filter: string, showEmpty: boolean) =>
      zoneRowsOf(panel, base, filter, showEmpty).map(
        (zone) => `${zone.name}: ${zone.devices.map((device) => device.name).join(', ')}`,
      );
    expect(names('', false)).toEqual(['Reception: Entrance smoke, Kitchen heat', 'Plant room: Store IO']);
    expect(names('', true)).toEqual(['Reception: Entrance smoke, Kitchen heat', 'Stores: ', 'Plant room: Store IO']);
    expect(names('kitchen', false)).toEqual(['Reception: Kitchen heat']);
    expect(names('SMOKE DETECTOR', false)).toEqual(['Reception: Entrance smoke']);
    expect(names('stores', true)).toEqual(['Stores: ']);
    expect(names('stores', false)).toEqual([]);
    const [reception] = zoneRowsOf(panel, base, '', false);
    expect(reception.link).toBe(`${base}/devices/zone/0`);
    expect(reception.devices[1]).toMatchObject({
      typeName: 'Heat detector (rate of rise)',
      mode: 'MODE_INPUT_DISABLED',
      link: `${base}/modules/0/device/1`,
    });
  });

  it('lists modules as port, type and sub-device count with their edit links', () => {
    expect(moduleRowsOf(configuredPanel(), base).map((row) => [row.label, row.devices, row.link])).toEqual([
      ['0 - Standard loop', 3, `${base}/modules/0`],
      ['1 - RS485 network', 0, `${base}/modules/1`],
      ['2 - RS232 printer', 0, `${base}/modules/2`],
      ['3 - TCP/IP', 0, `${base}/modules/3`],
    ]);
  });
});
