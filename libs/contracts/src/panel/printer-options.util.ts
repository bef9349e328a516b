import { PRINTER_OPTIONS, type PrinterOption } from './printer.catalogue';

/** The printer option switches of a MOD_232 module, packed as bits in PRINTER_OPTIONS order. */
export type PrinterOptionSwitches = Record<PrinterOption, boolean>;

export function packPrinterOptions(switches: PrinterOptionSwitches): number {
  return PRINTER_OPTIONS.reduce((bits, option, index) => (switches[option] ? bits | (1 << index) : bits), 0);
}

export function unpackPrinterOptions(bits: number): PrinterOptionSwitches {
  const switches = {} as PrinterOptionSwitches;
  PRINTER_OPTIONS.forEach((option, index) => {
    switches[option] = (bits & (1 << index)) !== 0;
  });
  return switches;
}
