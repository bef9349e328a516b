import { DynamicModule, Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { RuntimeConfig } from '@app/config';
import { HealthController } from './health/health.controller';
import { HealthRegistry } from './health/health.registry';
import { MetricsController } from './metrics/metrics.controller';
import { MetricsService } from './metrics/metrics.service';
import { loggerOptions } from './logging/logger-options.util';
import { Clock } from './clock/clock.service';

/**
 * What every backend app has: structured logs, `/healthz` over the registered dependencies and
 * `/metrics` in Prometheus format.
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(runtime: RuntimeConfig): DynamicModule {
    return {
      module: PlatformModule,
      imports: [LoggerModule.forRoot(loggerOptions(runtime))],
      controllers: [HealthController, MetricsController],
      providers: [{ provide: RuntimeConfig, useValue: runtime }, HealthRegistry, MetricsService, Clock],
      exports: [RuntimeConfig, HealthRegistry, MetricsService, Clock],
    };
  }
}
