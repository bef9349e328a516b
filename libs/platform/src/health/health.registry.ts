import { Injectable } from '@nestjs/common';
import { PRODUCT_VERSION } from '@app/contracts';
import { withTimeout } from '../async/with-timeout.util';
import { HealthIndicator, HealthReport, DependencyStatus } from './health-indicator.types';

const CHECK_TIMEOUT_MS = 3000;

/**
 * Collects the health indicators that the connection modules register at start, and checks them
 * all at once for `/healthz`. A dependency that does not answer within the timeout is down.
 */
@Injectable()
export class HealthRegistry {
  private readonly indicators = new Map<string, HealthIndicator>();

  register(indicator: HealthIndicator): void {
    if (this.indicators.has(indicator.name)) {
      throw new Error(`A health indicator named '${indicator.name}' is already registered`);
    }
    this.indicators.set(indicator.name, indicator);
  }

  async report(app: string): Promise<HealthReport> {
    const entries = await Promise.all(
      [...this.indicators.values()].map(async (indicator) => [indicator.name, await checkOne(indicator)] as const),
    );
    const checks = Object.fromEntries(entries);
    const healthy = entries.every(([, result]) => result.status === 'up');
    return { status: healthy ? 'ok' : 'error', app, version: PRODUCT_VERSION, checks };
  }
}

async function checkOne(indicator: HealthIndicator): Promise<DependencyStatus> {
  try {
    await withTimeout(indicator.check(), CHECK_TIMEOUT_MS, `no answer within ${CHECK_TIMEOUT_MS} ms`);
    return { status: 'up' };
  } catch (error) {
    return { status: 'down', reason: error instanceof Error ? error.message : String(error) };
  }
}
