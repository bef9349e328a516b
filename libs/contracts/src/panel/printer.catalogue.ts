/** The RS232 printer module (MOD_232): its bit-rate options and its printer option switches. */

export interface BitRateOption {
  /** The value the panel stores in the module's settings. */
  readonly code: number;
  readonly baud: number;
  readonly label: string;
}

export const PRINTER_BIT_RATES: readonly BitRateOption[] = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200].map(
  (baud, code) => ({ code, baud, label: `${baud} baud` }),
);

export function bitRateByCode(code: number): BitRateOption | undefined {
  return PRINTER_BIT_RATES.find((option) => option.code === code);
}

export function bitRateByBaud(baud: number): BitRateOption | undefined {
  return PRINTER_BIT_RATES.find((option) => option.baud === baud);
}

export function isBitRateCode(value: unknown): value is number {
  return typeof value === 'number' && bitRateByCode(value) !== undefined;
}

/** The printer option switches, in bit order: Alarms is bit 0, Buttons bit 3. */
export const PRINTER_OPTIONS = ['alarms', 'faults', 'techAlarms', 'buttons'] as const;

export type PrinterOption = (typeof PRINTER_OPTIONS)[number];

export const PRINTER_OPTION_LABELS: Readonly<Record<PrinterOption, string>> = {
  alarms: 'Alarms',
  faults: 'Faults',
  techAlarms: 'Tech. Alarms',
  buttons: 'Buttons',
};

/** Largest valid printer options value: every switch on. */
export const PRINTER_OPTIONS_MAX = (1 << PRINTER_OPTIONS.length) - 1;
