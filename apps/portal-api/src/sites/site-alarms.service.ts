import { Injectable, Logger } from '@nestjs/common';
import { isAuthorised, networkAlarmsOf, type SiteAlarms, type SiteSummary } from '@app/contracts';
import { withTimeout } from '@app/platform';
import { PANEL_STATE_READ_TIMEOUT_MS, PanelConnectionState } from '../panels/panel-connection-state.service';

/**
 * Each listed site's alarms (zones in fire and in fault per network), read from the gateways'
 * runtime bucket as the site screen reads them: only while the panel is connected, so that a tile
 * and the screen it opens agree. Only for AUTHED claims, the ones the live feed tells of. The list
 * must answer while NATS is away: a site whose state cannot be read in time has null (unknown).
 */
@Injectable()
export class SiteAlarmsService {
  private readonly logger = new Logger(SiteAlarmsService.name);

  constructor(private readonly state: PanelConnectionState) {}

  async of(sites: ReadonlyArray<Pick<SiteSummary, 'hwaddr' | 'status'>>): Promise<Map<string, SiteAlarms | null>> {
    const failures: unknown[] = [];
    const read = await Promise.all(
      sites.map(async (site) => {
        if (!isAuthorised(site.status)) return [site.hwaddr, null] as const;
        try {
          // One bound for the whole site: its connection, its gateway's sign of life and each network.
          const alarms = await withTimeout(
            this.read(site.hwaddr),
            PANEL_STATE_READ_TIMEOUT_MS,
            'alarms read timed out',
          );
          return [site.hwaddr, alarms] as const;
        } catch (error) {
          failures.push(error);
          return [site.hwaddr, null] as const;
        }
      }),
    );
    // One line per list, not per site: NATS away fails them all alike.
    if (failures.length > 0)
      this.logger.warn({ sites: failures.length, err: failures[0] }, 'site alarms unknown: live state unreadable');
    return new Map(read);
  }

  private async read(hwaddr: string): Promise<SiteAlarms> {
    const connection = await this.state.connection(hwaddr);
    if (!connection?.connected) return {};
    const reports = await Promise.all(
      connection.networkIds.map(async (networkId) => [networkId, await this.state.runtime(hwaddr, networkId)] as const),
    );
    const alarms: SiteAlarms = {};
    for (const [networkId, report] of reports) if (report) alarms[String(networkId)] = networkAlarmsOf(report);
    return alarms;
  }
}
