import { DynamicModule, Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { RuntimeConfig } from '@app/config';
import { HealthRegistry } from './health/health.registry';
import { MetricsService } from './metrics/metrics.service';
import { loggerOptions } from './logging/logger-options.util';
import { Clock } from './clock/clock.service';
import { OpsServer } from './ops/ops-server';

/**
 * What every backend app has: structured logs, and an ops port (`OpsServer`) with `/healthz` over
 * the registered dependencies and `/metrics` in Prometheus format.
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(runtime: RuntimeConfig): DynamicModule {
    return {
      module: PlatformModule,
      imports: [LoggerModule.forRoot(loggerOptions(runtime))],
      providers: [{ provide: RuntimeConfig, useValue: runtime }, HealthRegistry, MetricsService, Clock, OpsServer],
      exports: [RuntimeConfig, HealthRegistry, MetricsService, Clock, OpsServer],
    };
  }
}
