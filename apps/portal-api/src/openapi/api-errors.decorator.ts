import { applyDecorators, HttpStatus } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '@app/api-dto';

/** The error statuses the API answers, each with `{ "err": "..." }`. */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503 | 504;

/** What each status means on any route; ApiError gives a route's own reading. */
const GENERAL_MEANING: Readonly<Record<ApiErrorStatus, string>> = {
  [HttpStatus.BAD_REQUEST]:
    'A field, path parameter or query value is not valid, or a body was sent to a call that takes none',
  [HttpStatus.UNAUTHORIZED]: 'No token, or a token that is invalid, expired, revoked or of the other kind',
  [HttpStatus.FORBIDDEN]: 'The claims token does not open this panel (or the claim is no longer authorised)',
  [HttpStatus.NOT_FOUND]: "Not found among the caller's own records",
  [HttpStatus.CONFLICT]: 'The request conflicts with the current state',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'The request body is larger than the configured limit',
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: 'The request body is not UTF-8 JSON (Content-Type: application/json)',
  [HttpStatus.UNPROCESSABLE_ENTITY]: 'The device refused the request; err says why',
  [HttpStatus.TOO_MANY_REQUESTS]: 'Too many tries: wait the seconds of the Retry-After header',
  [HttpStatus.SERVICE_UNAVAILABLE]: 'A service behind the API is unavailable: try again later',
  [HttpStatus.GATEWAY_TIMEOUT]: 'The device did not answer in time',
};

/** One error answer of a route, described for that route. */
export function ApiError(status: ApiErrorStatus, description: string): MethodDecorator & ClassDecorator {
  return ApiResponse({ status, description, type: ErrorResponseDto });
}

/** Error answers of a route, each with its general meaning. */
export function ApiErrors(...statuses: ApiErrorStatus[]): MethodDecorator & ClassDecorator {
  return applyDecorators(...statuses.map((status) => ApiError(status, GENERAL_MEANING[status])));
}
