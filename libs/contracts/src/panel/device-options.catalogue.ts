/**
 * Device option choices of the device editor (spec 2.18). A device holds one choice for the day and
 * one for the night, packed into one number (see day-night.util.ts).
 */

export interface OptionChoice {
  readonly value: number;
  readonly label: string;
}

export const HEAT_OPTION_CHOICES: readonly OptionChoice[] = [
  { value: 0, label: 'Off' },
  { value: 1, label: 'On' },
];

export const SMOKE_OPTION_CHOICES: readonly OptionChoice[] = [
  { value: 0, label: 'Off' },
  { value: 1, label: 'Low' },
  { value: 2, label: 'Normal' },
  { value: 3, label: 'High' },
];

export const OPTO_HEAT_OPTION_CHOICES: readonly OptionChoice[] = [
  { value: 0, label: 'Off' },
  { value: 1, label: 'Heat' },
  { value: 2, label: 'Low' },
  { value: 3, label: 'Normal' },
  { value: 4, label: 'High' },
];

/** The sensing flags of a device type that decide which option choices it offers. */
export interface SensingFlags {
  readonly heat: boolean;
  readonly smoke: boolean;
  readonly optoHeat: boolean;
}

/** The day/night choices of a device type, or null when it has no device options. */
export function deviceOptionChoices(flags: SensingFlags): readonly OptionChoice[] | null {
  if (flags.optoHeat) return OPTO_HEAT_OPTION_CHOICES;
  if (flags.smoke) return SMOKE_OPTION_CHOICES;
  if (flags.heat) return HEAT_OPTION_CHOICES;
  return null;
}
