import type { NextFunction, Request, Response } from 'express';
import { OPS_PATHS } from '@app/platform';

/** /healthz and /metrics in any case, with or without more after a slash. */
const OPS_PATH = new RegExp(`^(${Object.values(OPS_PATHS).join('|')})(/|$)`, 'i');

/**
 * The ops paths are on the ops port only: on the public port they are a 404 in the API's shape,
 * never the web page, so that a probe or scraper pointed here by mistake fails instead of seeing 200.
 */
export function opsPathsNotPublic(req: Request, res: Response, next: NextFunction): void {
  if (!OPS_PATH.test(req.path)) return next();
  res.status(404).json({ err: 'Not found' });
}
