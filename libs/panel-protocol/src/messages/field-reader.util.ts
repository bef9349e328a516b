import { ProtocolError } from '../protocol-error';
import { textContentProblem } from '@app/contracts';
import { truncateText } from './panel-text.util';

/** A bad field: `field` is its path (`message.zones[3].name`), `problem` what is wrong with it. */
export class InvalidFieldError extends ProtocolError {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super('invalid-message', `${field} ${problem}`);
  }
}

/**
 * Reads the fields of one decoded JSON object, checking each; the first bad field throws an
 * 'invalid-message' ProtocolError naming its path. Readers return clean values, so fields the
 * protocol does not define never travel further.
 */
export class FieldReader {
  private constructor(
    private readonly value: Record<string, unknown>,
    private readonly path: string,
  ) {}

  static of(value: unknown, path: string): FieldReader {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid(path, 'an object', value);
    return new FieldReader(value as Record<string, unknown>, path);
  }

  has(name: string): boolean {
    return this.value[name] !== undefined;
  }

  raw(name: string): unknown {
    return this.value[name];
  }

  at(name: string): string {
    return `${this.path}.${name}`;
  }

  int(name: string, min: number, max: number): number {
    const value = this.value[name];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      invalid(this.at(name), `an integer from ${min} to ${max}`, value);
    }
    return value;
  }

  /** Text the portal can store as it is (textContentProblem), within the length limits. */
  string(name: string, maxLength: number, minLength = 0): string {
    const value = this.value[name];
    if (typeof value !== 'string' || value.length > maxLength || value.length < minLength) {
      invalid(this.at(name), `a string of ${minLength} to ${maxLength} characters`, value);
    }
    const problem = textContentProblem(value);
    if (problem) throw new InvalidFieldError(this.at(name), problem);
    return value;
  }

  matching(name: string, pattern: RegExp, description: string): string {
    const value = this.value[name];
    if (typeof value !== 'string' || !pattern.test(value)) invalid(this.at(name), description, value);
    return value;
  }

  bool(name: string): boolean {
    const value = this.value[name];
    if (typeof value !== 'boolean') invalid(this.at(name), 'true or false', value);
    return value;
  }

  oneOf<const T extends string>(name: string, values: readonly T[]): T {
    const value = this.value[name];
    if (typeof value !== 'string' || !values.includes(value as T))
      invalid(this.at(name), `one of ${values.join(', ')}`, value);
    return value as T;
  }

  /** Where a check is a guard from the contracts (e.g. isButtonPair). */
  checked<T>(name: string, guard: (value: unknown) => value is T, description: string): T {
    const value = this.value[name];
    if (!guard(value)) invalid(this.at(name), description, value);
    return value;
  }

  object(name: string): FieldReader {
    return FieldReader.of(this.value[name], this.at(name));
  }

  array<T>(name: string, maxItems: number, readItem: (item: unknown, path: string) => T): T[] {
    const value = this.value[name];
    if (!Array.isArray(value) || value.length > maxItems)
      invalid(this.at(name), `a list of at most ${maxItems} items`, value);
    return value.map((item, index) => readItem(item, `${this.at(name)}[${index}]`));
  }

  /** Only these field names may be present (used where an unknown field would be a silent no-op). */
  only(names: readonly string[]): this {
    const unknown = Object.keys(this.value).filter((key) => !names.includes(key));
    if (unknown.length > 0) throw new InvalidFieldError(this.path, `has the unknown field ${describe(unknown[0])}`);
    return this;
  }
}

export function invalid(path: string, expected: string, value: unknown): never {
  throw new InvalidFieldError(path, `must be ${expected}, got ${describe(value)}`);
}

/** The value as JSON (control characters and lone surrogates escaped), cut short, to quote it safely. */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${truncateText(text, 40)}…` : text;
}

/** Reads an integer list item. */
export function intItem(min: number, max: number) {
  return (item: unknown, path: string): number => {
    if (typeof item !== 'number' || !Number.isInteger(item) || item < min || item > max)
      invalid(path, `an integer from ${min} to ${max}`, item);
    return item;
  };
}
