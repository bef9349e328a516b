import { EMPTY_RUNTIME_REPORT } from '@app/contracts';
import { alarmTexts } from './site-panels.selectors';

describe("a panel widget's fire and fault", () => {
  it('names the zones in fire and in fault by their badge numbers', () => {
    expect(alarmTexts({ zones: { fire: [2], fault: [0, 11] }, disabled: { sounders: false } })).toEqual({
      fireText: 'Fire: zone 3',
      faultText: 'Fault: zones 1, 12',
    });
  });

  it('names a zone a report lists twice once', () => {
    expect(alarmTexts({ zones: { fire: [2, 2], fault: [] }, disabled: { sounders: false } }).fireText).toBe(
      'Fire: zone 3',
    );
  });

  it('says nothing without a zone in fire or fault, or before a runtime report', () => {
    expect(alarmTexts(EMPTY_RUNTIME_REPORT)).toEqual({ fireText: null, faultText: null });
    expect(alarmTexts(null)).toEqual({ fireText: null, faultText: null });
  });
});
