import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { REQUEST_NESTING_MAX_DEPTH, type ErrorResponse } from '@app/contracts';
import { DomainError } from '@app/platform';
import { DATABASE_UNAVAILABLE, isDatabaseOutage } from './database-outage.util';
import { DOMAIN_ERROR_STATUS } from './domain-error-status.constants';
import { NESTING_TOO_DEEP } from './json-body-parser.options';
import { answerThenDrainBody } from './unread-body.util';

/** A restarting PostgreSQL is usually back within seconds. */
const DATABASE_RETRY_AFTER_S = 2;

/** Errors raised by Express's body parser before a route runs. */
interface BodyParserError {
  type: string;
  status: number;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  return (
    typeof error === 'object' &&
    error !== null &&
    'type' in error &&
    'status' in error &&
    typeof (error as BodyParserError).status === 'number'
  );
}

const BODY_PARSER_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'Request body is not valid JSON',
  'entity.too.large': 'Request body is too large',
  'encoding.unsupported': 'Request body encoding is not supported',
  'charset.unsupported': 'Request body charset is not supported',
  [NESTING_TOO_DEEP]: `Request body nests objects and arrays deeper than ${REQUEST_NESTING_MAX_DEPTH} levels`,
};

/**
 * Every error of the API answers `{ err }` (spec section 8: the client shows the server's err
 * field). Client errors keep their status and message; a service's DomainError answers the status
 * of its kind, with its Retry-After when it says how long to wait; a database that is away (restarting, its
 * connections dropped) answers 503 with a Retry-After, so a restart never shows as a 500; anything
 * unexpected is logged with its stack and answers a plain 500 that leaks nothing.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const { status, err } = this.describe(exception);
    if (response.headersSent) return;
    if (exception instanceof DomainError && exception.retryAfterSeconds !== undefined) {
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    }
    if (status === HttpStatus.SERVICE_UNAVAILABLE && !response.hasHeader('Retry-After')) {
      response.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_S));
    }
    const body: ErrorResponse = { err };
    const request = http.getRequest<Request>();
    // Refused before its body was received (a declared length over the limit): answer now, close after the body.
    if (!request.complete) return answerThenDrainBody(request, response, status, body);
    // An oversized body the parser read to its end: closing loses nothing, and frees the connection at once.
    if (status === HttpStatus.PAYLOAD_TOO_LARGE) response.setHeader('Connection', 'close');
    response.status(status).json(body);
  }

  private describe(exception: unknown): { status: number; err: string } {
    // The HTTP adapter wraps body-parser failures in an HttpException whose cause says which.
    const parserError = exception instanceof HttpException ? exception.cause : exception;
    if (isBodyParserError(parserError) && parserError.status >= 400 && parserError.status < 500) {
      return {
        status: parserError.status,
        err: BODY_PARSER_MESSAGES[parserError.type] ?? 'Request body could not be read',
      };
    }
    if (exception instanceof HttpException) {
      return { status: exception.getStatus(), err: messageOf(exception) };
    }
    if (exception instanceof DomainError) {
      return { status: DOMAIN_ERROR_STATUS[exception.kind], err: exception.err };
    }
    if (isDatabaseOutage(exception)) {
      this.logger.warn({ err: exception }, 'database unavailable');
      return { status: HttpStatus.SERVICE_UNAVAILABLE, err: DATABASE_UNAVAILABLE };
    }
    this.logger.error({ err: exception }, 'request failed');
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, err: 'Internal server error' };
  }
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  if (typeof response === 'object' && response !== null) {
    const { err, message } = response as { err?: unknown; message?: unknown };
    if (typeof err === 'string') return err;
    if (typeof message === 'string') return message;
    if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  }
  return exception.message;
}
