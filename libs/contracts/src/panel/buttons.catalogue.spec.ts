import { isButtonPair, panelButton, PANEL_BUTTONS } from './buttons.catalogue';
import { isNetworkModuleEnabled } from './network-module.catalogue';
import { toPanelType } from './panel-types.catalogue';
import { TCP_MODE_LABELS } from './tcp-mode.catalogue';

describe('buttons, panel types, network module and TCP modes', () => {
  it('knows the four button pairs and their labels', () => {
    expect(PANEL_BUTTONS.map((button) => button.label)).toEqual([
      'Start Sounders',
      'Stop Sounders',
      'Silence Buzzer',
      'Reset',
    ]);
    expect(isButtonPair('SOUNDER', 'ALARM')).toBe(true);
    expect(isButtonPair('MUTE', 'NA')).toBe(true);
    expect(isButtonPair('RESET', 'ALARM')).toBe(false);
    expect(isButtonPair('SOUNDER', 'NA')).toBe(false);
    expect(panelButton('SOUNDER', 'OFF')?.label).toBe('Stop Sounders');
  });

  it('folds unknown panel types onto UNKNOWN', () => {
    expect(toPanelType('MULTILOOP')).toBe('MULTILOOP');
    expect(toPanelType('SOMETHING')).toBe('UNKNOWN');
    expect(toPanelType(undefined)).toBe('UNKNOWN');
  });

  it('reads the network module setting and TCP modes', () => {
    expect(isNetworkModuleEnabled('DISABLED')).toBe(false);
    expect(isNetworkModuleEnabled('ENABLED')).toBe(true);
    expect(Object.values(TCP_MODE_LABELS)).toEqual(['Off', 'Static', 'DHCP']);
  });
});
