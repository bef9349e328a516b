import type { Params } from 'nestjs-pino';
import { RuntimeConfig } from '@app/config';

/** Structured JSON logs, one line per entry; request logs skip the probes that run every few seconds. */
export function loggerOptions(runtime: RuntimeConfig): Params {
  return {
    pinoHttp: {
      name: runtime.appName,
      level: runtime.logLevel,
      autoLogging: { ignore: (request) => /^\/(healthz|metrics)\b/.test(request.url ?? '') },
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
  };
}
