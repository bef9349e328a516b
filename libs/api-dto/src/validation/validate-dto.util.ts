import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { fieldLabel, inspectRequestValue } from './request-value.util';

export type DtoValidationResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** The first message of the first failing field, nested fields named by their path (e.g. 'action.on_fire.relay_1 …'). */
function firstMessage(errors: ValidationError[], parentPath = ''): string | null {
  for (const error of errors) {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    if (constraints.whitelistValidation) return `${fieldLabel(path)} is not an accepted field`;
    // A field's own rule says more than class-validator's generic note about a nested value.
    const message = Object.entries(constraints).find(([name]) => name !== 'nestedValidation')?.[1];
    if (message) {
      return parentPath && message.startsWith(error.property) ? path + message.slice(error.property.length) : message;
    }
    const nested = firstMessage(error.children ?? [], path);
    if (nested) return nested;
  }
  return null;
}

/**
 * Turns a request body, query or route params into an instance of a DTO class and validates it:
 * first the checks every value passes (inspectRequestValue: text, nesting, null as left out), then
 * the DTO's own rules. A field the DTO does not declare, at any depth, is refused by name. Answers
 * the instance, or the first error message.
 */
export function validateDto<T extends object>(cls: new () => T, plain: unknown): DtoValidationResult<T> {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    return { ok: false, error: 'request body must be a JSON object' };
  }
  const inspected = inspectRequestValue(plain);
  if (!inspected.ok) return inspected;
  const instance = plainToInstance(cls, inspected.value);
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (errors.length === 0) return { ok: true, value: instance };
  return { ok: false, error: firstMessage(errors) ?? 'request is not valid' };
}
