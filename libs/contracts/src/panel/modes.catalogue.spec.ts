import { isSelectableMode, MODE_LABELS, MODES, modeIcon, SELECTABLE_MODES } from './modes.catalogue';

describe('modes', () => {
  it('labels every mode as the spec does', () => {
    expect(MODE_LABELS).toEqual({
      MODE_NONE: 'None',
      MODE_ENABLED: 'Enabled',
      MODE_INPUT_DISABLED: 'Input disabled',
      MODE_OUTPUT_DISABLED: 'Output disabled',
      MODE_BOTH_DISABLED: 'Disabled',
      MODE_TEST_INPUT: 'Test input',
      MODE_TEST_INPUT_OUTPUT: 'Test input/output',
    });
  });

  it('offers every mode but none in selects', () => {
    expect(SELECTABLE_MODES).toEqual(MODES.slice(1));
    expect(isSelectableMode('MODE_NONE')).toBe(false);
    expect(isSelectableMode('MODE_TEST_INPUT')).toBe(true);
    expect(isSelectableMode('ENABLED')).toBe(false);
  });

  it('maps modes to the devices screen icons', () => {
    expect(modeIcon('MODE_ENABLED')).toBe('tick');
    expect(modeIcon('MODE_INPUT_DISABLED')).toBe('warning');
    expect(modeIcon('MODE_OUTPUT_DISABLED')).toBe('warning');
    expect(modeIcon('MODE_BOTH_DISABLED')).toBe('cross');
    expect(modeIcon('MODE_TEST_INPUT_OUTPUT')).toBe('spanner');
    expect(modeIcon('MODE_NONE')).toBeNull();
  });
});
