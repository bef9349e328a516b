// class-transformer's @Type reads design metadata, so the polyfill must load before any DTO class.
import 'reflect-metadata';
import { IsOptional, ValidateBy, ValidateNested, type ValidationArguments } from 'class-validator';
import { Type } from 'class-transformer';
import type { FieldCheck } from './field-checks.util';

/**
 * Attaches one field check to a DTO property as a single class-validator constraint, so that a bad
 * value yields exactly one message, the one that says what is wrong with it.
 */
export function Rule(check: FieldCheck): PropertyDecorator {
  return ValidateBy({
    name: check.name || 'fieldRule',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        check(value, args?.property ?? '', args?.object) === null,
      defaultMessage: (args?: ValidationArguments) => check(args?.value, args?.property ?? '', args?.object) ?? '',
    },
  });
}

/** The field may be left out (validateDto treats null as left out); when present the check applies. */
export function OptionalRule(check: FieldCheck): PropertyDecorator {
  return (target, property) => {
    IsOptional()(target, property);
    Rule(check)(target, property);
  };
}

/** A required nested object validated by its own DTO class. */
export function Nested(cls: () => new () => object): PropertyDecorator {
  return (target, property) => {
    Rule((value, field) => {
      if (value === undefined || value === null) return `${field} is required`;
      return typeof value === 'object' && !Array.isArray(value) ? null : `${field} must be an object`;
    })(target, property);
    ValidateNested()(target, property);
    Type(cls)(target, property);
  };
}
