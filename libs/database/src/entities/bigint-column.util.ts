import type { ColumnOptions, ValueTransformer } from 'typeorm';

/**
 * pg returns bigint as a string so as to never lose digits. Identities and panel sequence numbers
 * stay far below 2^53, so entities expose them as numbers; a value that is not a safe integer
 * is refused rather than silently rounded.
 */
export const BIGINT_AS_NUMBER: ValueTransformer = {
  to: (value: unknown) => value,
  from: (value: unknown) => {
    if (value === null || value === undefined) return value;
    const parsed = typeof value === 'number' ? value : Number(value);
    if (!Number.isSafeInteger(parsed)) {
      throw new RangeError(`bigint value ${String(value)} is not a safe JavaScript integer`);
    }
    return parsed;
  },
};

/**
 * Options of a `bigint GENERATED ALWAYS AS IDENTITY` primary key read as a number.
 * (@PrimaryGeneratedColumn does not take a transformer, @PrimaryColumn does.)
 */
export function bigintIdentityPrimaryKey(primaryKeyConstraintName: string): ColumnOptions & { nullable?: false } {
  return {
    name: 'id',
    type: 'bigint',
    generated: 'identity',
    generatedIdentity: 'ALWAYS',
    primaryKeyConstraintName,
    transformer: BIGINT_AS_NUMBER,
  };
}
