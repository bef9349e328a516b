import { networkAlarmsOf, totalAlarms } from './network-alarms.util';

describe('network alarms', () => {
  it('counts the zones of a runtime report in fire and in fault, each once', () => {
    expect(networkAlarmsOf({ zones: { fire: [2, 5, 2], fault: [1] }, disabled: { sounders: false } })).toEqual({
      fireZones: 2,
      faultZones: 1,
    });
    expect(networkAlarmsOf({ zones: { fire: [], fault: [] }, disabled: { sounders: true } })).toEqual({
      fireZones: 0,
      faultZones: 0,
    });
  });

  it("totals a site's networks, none when it has no alarms known", () => {
    expect(totalAlarms({ '1': { fireZones: 2, faultZones: 0 }, '2': { fireZones: 1, faultZones: 3 } })).toEqual({
      fireZones: 3,
      faultZones: 3,
    });
    expect(totalAlarms({})).toEqual({ fireZones: 0, faultZones: 0 });
    expect(totalAlarms(null)).toEqual({ fireZones: 0, faultZones: 0 });
  });
});
