import type { NextFunction, Request, Response } from 'express';
import type { ErrorResponse } from '@app/contracts';
import { inspectRequestValue } from '@app/api-dto';

/**
 * The description's pages are not Nest routes, so RequestInputGuard does not see them: the same
 * rule as every API route's (the query string holds only storable text) is applied here.
 */
export function docsQueryMiddleware(request: Request, response: Response, next: NextFunction): void {
  const inspected = inspectRequestValue(request.query ?? {});
  if (inspected.ok) return next();
  const body: ErrorResponse = { err: inspected.error };
  response.status(400).json(body);
}
