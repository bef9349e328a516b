import { packPrinterOptions, unpackPrinterOptions } from './printer-options.util';
import {
  PRINTER_OPTIONS_MAX,
  bitRateByBaud,
  bitRateByCode,
  isBitRateCode,
  PRINTER_BIT_RATES,
} from './printer.catalogue';

const none = { alarms: false, faults: false, techAlarms: false, buttons: false };

describe('printer options', () => {
  it('packs the switches in the order Alarms, Faults, Tech. Alarms, Buttons', () => {
    expect(packPrinterOptions(none)).toBe(0);
    expect(packPrinterOptions({ ...none, alarms: true })).toBe(1);
    expect(packPrinterOptions({ ...none, faults: true })).toBe(2);
    expect(packPrinterOptions({ ...none, techAlarms: true })).toBe(4);
    expect(packPrinterOptions({ ...none, buttons: true })).toBe(8);
    expect(packPrinterOptions({ alarms: true, faults: true, techAlarms: true, buttons: true })).toBe(
      PRINTER_OPTIONS_MAX,
    );
  });

  it('unpacks what it packed', () => {
    for (let bits = 0; bits <= PRINTER_OPTIONS_MAX; bits++) {
      expect(packPrinterOptions(unpackPrinterOptions(bits))).toBe(bits);
    }
    expect(unpackPrinterOptions(5)).toEqual({ alarms: true, faults: false, techAlarms: true, buttons: false });
  });
});

describe('printer bit rates', () => {
  it('lists 1200 to 115200 baud with codes from 0', () => {
    expect(PRINTER_BIT_RATES.map((rate) => rate.baud)).toEqual([1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200]);
    expect(bitRateByCode(3)?.baud).toBe(9600);
    expect(bitRateByBaud(115200)?.code).toBe(7);
    expect(bitRateByCode(8)).toBeUndefined();
    expect(isBitRateCode(0)).toBe(true);
    expect(isBitRateCode(9600)).toBe(false);
  });
});
