import type { IncomingMessage, ServerResponse } from 'node:http';
import { jsonNestsDeeperThan } from '@app/api-dto';
import { REQUEST_NESTING_MAX_DEPTH } from '@app/contracts';

/** The body parser's error type for a body nested too deeply; the exception filter words it. */
export const NESTING_TOO_DEEP = 'entity.nesting.too.deep';

/**
 * Options of the JSON body parser: the size limit, and a look at the raw bytes before they are
 * parsed, which refuses a body nested deeper than REQUEST_NESTING_MAX_DEPTH (400) in one pass,
 * before a deep structure is built for the later stages to walk.
 */
export function jsonBodyParserOptions(limitBytes: number): {
  limit: number;
  verify: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;
} {
  return {
    limit: limitBytes,
    verify: (_req, _res, body) => {
      if (jsonNestsDeeperThan(body, REQUEST_NESTING_MAX_DEPTH)) {
        // body-parser keeps this status and type (its default for a verify failure is 403).
        throw Object.assign(new Error('request body nested too deeply'), { status: 400, type: NESTING_TOO_DEEP });
      }
    },
  };
}
