import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { RuntimeConfig } from '@app/config';
import { HealthRegistry } from '../health/health.registry';
import { MetricsService } from '../metrics/metrics.service';

/** What the ops port answers: the dependencies' health and the Prometheus metrics. */
export const OPS_PATHS = { health: '/healthz', metrics: '/metrics' } as const;

/**
 * Every app's operators-only HTTP listener (the app's ops port): `/healthz` over the registered
 * dependencies (200 when each answers, 503 with which one failed and why) and `/metrics` in
 * Prometheus format, for probes, scrapers and alerts inside the deployment. It is a server of its
 * own rather than routes of the app's HTTP server, so that no path, slash or case variant of the
 * public port can reach them: portal-api's public port never has them.
 */
@Injectable()
export class OpsServer implements OnApplicationShutdown {
  /** Unstarted until `listen`; tests hand it to supertest as it is. */
  readonly server: Server = createServer((request, response) => void this.answer(request, response));

  constructor(
    private readonly registry: HealthRegistry,
    private readonly metrics: MetricsService,
    private readonly runtime: RuntimeConfig,
  ) {}

  /** Listens on every address (probes come to the pod's address); resolves with the port. */
  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as AddressInfo).port);
      });
    });
  }

  onApplicationShutdown(): Promise<void> {
    if (!this.server.listening) return Promise.resolve();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      // A scraper's kept-alive connection would hold the close open until it idles out.
      this.server.closeIdleConnections();
    });
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Trailing slashes are the same path here: this port has nothing else to confuse them with.
    const path = new URL(request.url ?? '/', 'http://ops').pathname.replace(/\/+$/, '') || '/';
    const known = path === OPS_PATHS.health || path === OPS_PATHS.metrics;
    if (!known) return send(response, 404, 'application/json', JSON.stringify({ err: 'Not found' }));
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return send(response, 405, 'application/json', JSON.stringify({ err: 'Method not allowed' }));
    }
    try {
      if (path === OPS_PATHS.health) {
        const report = await this.registry.report(this.runtime.appName);
        return send(response, report.status === 'ok' ? 200 : 503, 'application/json', JSON.stringify(report));
      }
      return send(response, 200, this.metrics.registry.contentType, await this.metrics.registry.metrics());
    } catch (error) {
      return send(response, 503, 'application/json', JSON.stringify({ err: (error as Error).message }));
    }
  }
}

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  response.end(response.req.method === 'HEAD' ? undefined : body);
}
