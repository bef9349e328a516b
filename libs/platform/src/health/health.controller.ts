import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import { RuntimeConfig } from '@app/config';
import { HealthRegistry } from './health.registry';

@Controller('healthz')
export class HealthController {
  constructor(
    private readonly registry: HealthRegistry,
    private readonly runtime: RuntimeConfig,
  ) {}

  /** 200 when every dependency answers, 503 otherwise; the body says which one failed and why. */
  @Get()
  async health(@Res() response: Response): Promise<void> {
    const report = await this.registry.report(this.runtime.appName);
    response.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).json(report);
  }
}
