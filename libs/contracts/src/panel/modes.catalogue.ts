/** Operating modes of zones and devices (spec section 3, "Modes"). */

export const MODES = [
  'MODE_NONE',
  'MODE_ENABLED',
  'MODE_INPUT_DISABLED',
  'MODE_OUTPUT_DISABLED',
  'MODE_BOTH_DISABLED',
  'MODE_TEST_INPUT',
  'MODE_TEST_INPUT_OUTPUT',
] as const;

export type Mode = (typeof MODES)[number];

export const MODE_LABELS: Readonly<Record<Mode, string>> = {
  MODE_NONE: 'None',
  MODE_ENABLED: 'Enabled',
  MODE_INPUT_DISABLED: 'Input disabled',
  MODE_OUTPUT_DISABLED: 'Output disabled',
  MODE_BOTH_DISABLED: 'Disabled',
  MODE_TEST_INPUT: 'Test input',
  MODE_TEST_INPUT_OUTPUT: 'Test input/output',
};

/** Modes offered in selects: every mode but MODE_NONE. */
export const SELECTABLE_MODES: readonly Mode[] = MODES.filter((mode) => mode !== 'MODE_NONE');

/** What most devices allow. */
export const STANDARD_DEVICE_MODES: readonly Mode[] = ['MODE_ENABLED', 'MODE_BOTH_DISABLED'];

/** I/O modules can also have only their input or only their output disabled. */
export const IO_DEVICE_MODES: readonly Mode[] = [
  'MODE_ENABLED',
  'MODE_INPUT_DISABLED',
  'MODE_OUTPUT_DISABLED',
  'MODE_BOTH_DISABLED',
];

export function isMode(value: unknown): value is Mode {
  return typeof value === 'string' && (MODES as readonly string[]).includes(value);
}

export function isSelectableMode(value: unknown): value is Mode {
  return isMode(value) && value !== 'MODE_NONE';
}

export function modeLabel(mode: Mode): string {
  return MODE_LABELS[mode];
}

/** Icon kinds of the devices screen (spec 2.14); MODE_NONE has no icon. */
export type ModeIcon = 'tick' | 'warning' | 'cross' | 'spanner';

export function modeIcon(mode: Mode): ModeIcon | null {
  switch (mode) {
    case 'MODE_ENABLED':
      return 'tick';
    case 'MODE_INPUT_DISABLED':
    case 'MODE_OUTPUT_DISABLED':
      return 'warning';
    case 'MODE_BOTH_DISABLED':
      return 'cross';
    case 'MODE_TEST_INPUT':
    case 'MODE_TEST_INPUT_OUTPUT':
      return 'spanner';
    case 'MODE_NONE':
      return null;
  }
}
