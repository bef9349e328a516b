import { Transform } from 'class-transformer';

/**
 * Route params arrive as strings: a string of digits becomes its number, anything else is kept as
 * sent so that the field's check reports it.
 */
export function DigitsToNumber(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' && /^[0-9]{1,15}$/.test(value) ? Number(value) : value));
}
