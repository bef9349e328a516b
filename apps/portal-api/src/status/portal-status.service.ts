import { Injectable } from '@nestjs/common';
import { RuntimeConfig } from '@app/config';
import type { PortalStatus } from '@app/contracts';
import { Clock, HealthRegistry } from '@app/platform';
import { PORTAL_STATUS_REUSE_MS } from './portal-status.constants';

/**
 * Whether the portal is working, as a user may know it: the ops port's health report reduced to one
 * word, with no dependency's name or failure. One check at a time, reused for a few seconds.
 */
@Injectable()
export class PortalStatusService {
  private latest: { status: PortalStatus; checkedAtMs: number } | null = null;
  private checking: Promise<PortalStatus> | null = null;

  constructor(
    private readonly registry: HealthRegistry,
    private readonly runtime: RuntimeConfig,
    private readonly clock: Clock,
  ) {}

  current(): Promise<PortalStatus> {
    const now = this.clock.now().getTime();
    if (this.latest && now - this.latest.checkedAtMs < PORTAL_STATUS_REUSE_MS)
      return Promise.resolve(this.latest.status);
    this.checking ??= this.check().finally(() => (this.checking = null));
    return this.checking;
  }

  private async check(): Promise<PortalStatus> {
    const report = await this.registry.report(this.runtime.appName);
    const checkedAt = this.clock.now();
    const status: PortalStatus = {
      status: report.status === 'ok' ? 'ok' : 'degraded',
      checkedAt: checkedAt.toISOString(),
    };
    this.latest = { status, checkedAtMs: checkedAt.getTime() };
    return status;
  }
}
