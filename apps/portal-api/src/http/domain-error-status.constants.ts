import { HttpStatus } from '@nestjs/common';
import type { DomainErrorKind } from '@app/platform';

/** The HTTP status answering each kind of domain error (a Record, so a new kind cannot go unanswered). */
export const DOMAIN_ERROR_STATUS: Readonly<Record<DomainErrorKind, HttpStatus>> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthorized: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  'not-found': HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  refused: HttpStatus.UNPROCESSABLE_ENTITY,
  'too-many': HttpStatus.TOO_MANY_REQUESTS,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
  timeout: HttpStatus.GATEWAY_TIMEOUT,
};
