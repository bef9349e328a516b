import { Injectable, NotFoundException } from '@nestjs/common';
import type { PanelConfig, PanelType, SiteDetail, SiteNetwork, SiteSummary } from '@app/contracts';
import type { PanelNetworkEntity } from '@app/database';
import { Clock } from '@app/platform';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { PanelAccessService } from '../auth/panel-access.service';
import { ClaimsRepository } from '../claims/claims.repository';
import { NO_SUCH_SITE } from '../claims/claims.service';
import { PanelConnectionState } from '../panels/panel-connection-state.service';
import { PanelNetworksRepository } from '../panels/panel-networks.repository';
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
  ) {}

  list(claims: ClaimsIdentity): Promise<SiteSummary[]> {
    return this.sites.sitesOf(claims.userId);
  }

  async detail(claims: ClaimsIdentity, hwaddr: string): Promise<SiteDetail> {
    await this.access.assertMayOpen(claims, hwaddr);
    const [[summary], stored, connection] = await Promise.all([
      this.sites.sitesOf(claims.userId, hwaddr),
      this.networks.ofSite(hwaddr),
      this.state.connection(hwaddr),
    ]);
    if (!summary) throw new NotFoundException({ err: NO_SUCH_SITE });
    const networkIds = [...new Set([...stored.map((network) => network.networkId), ...(connection?.networkIds ?? [])])].sort((a, b) => a - b);
    const networks: SiteNetwork[] = await Promise.all(
      networkIds.map(async (networkId) => ({
        networkId,
        config: toPanelConfig(stored.find((network) => network.networkId === networkId), connection?.panelType ?? summary.panelType),
        runtime: connection?.connected ? await this.state.runtime(hwaddr, networkId) : null,
      })),
    );
    return {
      ...summary,
      panelType: connection?.panelType ?? summary.panelType,
      connected: connection?.connected ?? false,
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
  }
}

function toPanelConfig(network: PanelNetworkEntity | undefined, panelType: PanelType): PanelConfig | null {
  if (!network?.configReceivedAt) return null;
  return {
    networkId: network.networkId,
    panelType,
    strings: { strName: network.strName, strSite: network.strSite, strCompany: network.strCompany, strPhoneNumber: network.strPhoneNumber },
    zones: network.zones,
    modules: network.modules,
    devices: network.devices,
  };
}
