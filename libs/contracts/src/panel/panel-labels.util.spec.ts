import { moduleLabel, panelLabel, zoneBadgeNumber } from './panel-labels.util';

describe('panelLabel', () => {
  it('uses the name, or Panel {networkId} without one', () => {
    expect(panelLabel('Main building', 1)).toBe('Main building');
    expect(panelLabel('', 3)).toBe('Panel 3');
    expect(panelLabel('   ', 4)).toBe('Panel 4');
    expect(panelLabel(null, 12)).toBe('Panel 12');
    expect(panelLabel(undefined, 5)).toBe('Panel 5');
  });
});

describe('moduleLabel', () => {
  it('joins the port id and the port type label', () => {
    expect(moduleLabel(3, 'MOD_TCP')).toBe('3 - TCP/IP');
    expect(moduleLabel(0, 'MOD_MRKII')).toBe('0 - Standard loop');
  });

  it('shows an unknown port type as reported', () => {
    expect(moduleLabel(9, 'MOD_FUTURE')).toBe('9 - MOD_FUTURE');
  });
});

describe('zoneBadgeNumber', () => {
  it('numbers zones from 1', () => {
    expect(zoneBadgeNumber(0)).toBe(1);
    expect(zoneBadgeNumber(41)).toBe(42);
  });
});
