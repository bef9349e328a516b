import type { Params } from 'nestjs-pino';
import { RuntimeConfig } from '@app/config';
import { requestCorrelationId } from './correlation-id.util';
import { logContextMixin, mergeLogContext } from './log-context';

/**
 * Structured JSON logs, one line per entry, each with the fields of the log scope it was written in
 * (log-context.ts); request logs skip the probes that run every few seconds. A request's lines carry
 * its correlation id (the caller's X-Correlation-Id or X-Request-Id, else a new one, answered in
 * X-Correlation-Id), not the whole request: that goes on its one 'request completed' line.
 */
export function loggerOptions(runtime: RuntimeConfig): Params {
  return {
    pinoHttp: {
      name: runtime.appName,
      level: runtime.logLevel,
      autoLogging: { ignore: (request) => /^\/(healthz|metrics)\b/.test(request.url ?? '') },
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      genReqId: requestCorrelationId,
      quietReqLogger: true,
      customAttributeKeys: { reqId: 'correlationId' },
      mixin: logContextMixin,
      mixinMergeStrategy: mergeLogContext,
    },
  };
}
