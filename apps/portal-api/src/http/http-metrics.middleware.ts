import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { MetricsService } from '@app/platform';

/** Buckets of an API answer's time: most within a few ms, the exports and panel commands longer. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Every HTTP answer of portal-api counted by method, route and status, and timed
 * (`http_requests_total`, `http_request_duration_seconds`): the first figures an operator looks at
 * (errors per route, slow routes). The route is the matched pattern (`/api/v2/sites/:hwaddr`), never
 * the path a client sent, so the series stay few; what no route matched is one route, `unmatched`.
 */
export function httpMetricsMiddleware(metrics: MetricsService): RequestHandler {
  const requests = metrics.counter({
    name: 'http_requests_total',
    help: 'HTTP answers, by method, route and status',
    labelNames: ['method', 'route', 'status'],
  });
  const duration = metrics.histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by method and route',
    labelNames: ['method', 'route'],
    buckets: DURATION_BUCKETS,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = routeOf(req);
      const method = req.method;
      requests.inc({ method, route, status: String(res.statusCode) });
      duration.observe({ method, route }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}

/** The matched route's pattern with its mount point, or what the answer was without one. */
function routeOf(req: Request): string {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return `${req.baseUrl}${pattern}`;
  if (req.path.startsWith('/api/')) return 'unmatched';
  // The web client's pages and files: one route, whatever the path.
  return 'web-client';
}
