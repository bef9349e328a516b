import { PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** The one media type the API reads, in the one encoding JSON has (RFC 8259). */
const JSON_TYPE = 'application/json';

function charsetOf(contentType: string): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]?.toLowerCase();
}

/**
 * Runs before the JSON body parser and refuses, without reading a byte of it, a body the parser
 * should never see: one whose declared Content-Length is over the limit (413 at once; the parser
 * would first read the whole body, however slowly it comes, to throw it away), and one that is not
 * UTF-8 JSON (415; a form post would otherwise be parsed and validated like JSON).
 */
export function requestBodyMiddleware(limitBytes: number): (req: Request, res: Response, next: NextFunction) => void {
  return (req, _res, next) => {
    const declared = req.headers['content-length'];
    const chunked = req.headers['transfer-encoding'] !== undefined;
    const length = declared === undefined ? undefined : Number(declared);
    if (!chunked && (length === undefined || length === 0)) return next();
    if (length !== undefined && length > limitBytes) {
      // Worded as the body parser words a streamed body that grows over the limit.
      return next(new PayloadTooLargeException({ err: 'Request body is too large' }));
    }
    const contentType = req.headers['content-type'] ?? '';
    const charset = charsetOf(contentType);
    if (!req.is(JSON_TYPE) || (charset !== undefined && charset !== 'utf-8')) {
      return next(
        new UnsupportedMediaTypeException({ err: 'Request body must be JSON (Content-Type: application/json, UTF-8)' }),
      );
    }
    next();
  };
}
