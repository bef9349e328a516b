import { Injectable } from '@nestjs/common';
import { networkAlarmsOf, type SiteAlarms, type SiteDetail, type SitePanel, type SiteSummary } from '@app/contracts';
import { Clock, DomainError } from '@app/platform';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { PanelAccessService } from '../panel-access/panel-access.service';
import { ClaimsRepository } from '../claims/claims.repository';
import { NO_SUCH_SITE } from '../claims/claims.service';
import { LivefeedCountsStalePublisher } from '../livefeed/counts/livefeed-counts-stale.publisher';
import { PanelConnectionState } from '../panels/panel-connection-state.service';
import { PanelNetworksRepository } from '../panels/panel-networks.repository';
import { SiteAlarmsService } from './site-alarms.service';
import { toSitePanel } from './site-panel.util';
import { SitesRepository } from './sites.repository';

/** The user's sites and one site's panels, as the Site Manager and the site screen show them. */
@Injectable()
export class SitesService {
  constructor(
    private readonly sites: SitesRepository,
    private readonly claims: ClaimsRepository,
    private readonly access: PanelAccessService,
    private readonly networks: PanelNetworksRepository,
    private readonly state: PanelConnectionState,
    private readonly clock: Clock,
    private readonly countsNotice: LivefeedCountsStalePublisher,
    private readonly alarms: SiteAlarmsService,
  ) {}

  async list(claims: ClaimsIdentity): Promise<SiteSummary[]> {
    const sites = await this.sites.sitesOf(claims.userId);
    const alarms = await this.alarms.of(sites);
    return sites.map((site) => ({ ...site, alarms: alarms.get(site.hwaddr) ?? null }));
  }

  async detail(claims: ClaimsIdentity, hwaddr: string): Promise<SiteDetail> {
    await this.access.assertMayOpen(claims, hwaddr);
    const [[summary], stored, connection] = await Promise.all([
      this.sites.sitesOf(claims.userId, hwaddr),
      this.networks.ofSite(hwaddr),
      this.state.connection(hwaddr),
    ]);
    if (!summary) throw new DomainError('not-found', NO_SUCH_SITE);
    const networkIds = [
      ...new Set([...stored.map((network) => network.networkId), ...(connection?.networkIds ?? [])]),
    ].sort((a, b) => a - b);
    const connected = connection?.connected ?? false;
    const networks: SitePanel[] = await Promise.all(
      networkIds.map(async (networkId) => {
        const network = stored.find((candidate) => candidate.networkId === networkId);
        const runtime = connected ? await this.state.runtime(hwaddr, networkId) : null;
        return toSitePanel(hwaddr, networkId, network?.configReceivedAt ? network : null, connected, runtime);
      }),
    );
    return {
      ...summary,
      alarms: alarmsOf(networks),
      panelType: connection?.panelType ?? summary.panelType,
      connected,
      cloudControl: connection?.cloudControl ?? false,
      networks,
    };
  }

  async rename(claims: ClaimsIdentity, hwaddr: string, name: string): Promise<void> {
    await this.access.assertMayOpen(claims, hwaddr);
    await this.claims.update(claims.userId, hwaddr, { nickname: name.trim() });
  }

  /** Spec 4, "Marking events as seen": lastEventSeen becomes now, so the counts start again from 0. */
  async markEventsSeen(claims: ClaimsIdentity, hwaddr: string): Promise<void> {
    await this.access.assertMayOpen(claims, hwaddr);
    await this.claims.update(claims.userId, hwaddr, { lastEventSeen: this.clock.now() });
    // The live feed's copies keep counts from the old mark; they count again from the new one.
    this.countsNotice.countsStale(claims.userId, hwaddr);
  }
}

/** The screen's own runtime reports counted as the list counts them. */
function alarmsOf(networks: SitePanel[]): SiteAlarms {
  const alarms: SiteAlarms = {};
  for (const network of networks)
    if (network.runtime) alarms[String(network.networkId)] = networkAlarmsOf(network.runtime);
  return alarms;
}
