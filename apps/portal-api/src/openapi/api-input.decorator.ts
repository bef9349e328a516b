import { applyDecorators, type Type } from '@nestjs/common';
import { ApiBody, ApiOkResponse, type SchemaObject } from '@nestjs/swagger';
import { ApiError, ApiErrors } from './api-errors.decorator';

const BAD_FIELD = 'A field, path parameter or query value is missing, not valid, or not accepted (err names it)';

/**
 * A route's JSON body: its schema, and the errors any body can give (a field that fails its
 * check or is not accepted, a body over the limit, a body that is not JSON). `badRequest` adds
 * the route's own reasons for a 400.
 */
export function ApiJsonBody(type: Type<unknown>, badRequest?: string): MethodDecorator {
  return applyDecorators(
    ApiBody({ type, required: true }),
    ApiError(400, badRequest ? `${BAD_FIELD}; ${badRequest}` : BAD_FIELD),
    ApiErrors(413, 415),
  );
}

/** A route's JSON body given as a schema rather than a DTO class (a panel command's, from its definition). */
export function ApiJsonSchemaBody(schema: SchemaObject, badRequest?: string): MethodDecorator {
  return applyDecorators(
    ApiBody({ schema, required: true }),
    ApiError(400, badRequest ? `${BAD_FIELD}; ${badRequest}` : BAD_FIELD),
    ApiErrors(413, 415),
  );
}

/** The 400 of a route without a body: a bad path parameter or query value, or a body sent anyway. */
export function ApiNoBody(badRequest?: string): MethodDecorator {
  const reason = 'A path parameter or query value is not valid, or a body was sent to a call that takes none';
  return ApiError(400, badRequest ? `${reason}; ${badRequest}` : reason);
}

/** A success that answers an empty object. */
export function ApiEmptyOk(description: string): MethodDecorator {
  return ApiOkResponse({ description, schema: { type: 'object', properties: {}, additionalProperties: false } });
}
