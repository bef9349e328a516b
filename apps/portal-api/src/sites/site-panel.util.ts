import type { DeviceConfig, ModuleConfig, PanelStrings, RuntimeReport, SitePanel, ZoneConfig } from '@app/contracts';

/** A network's stored configuration, as the panel_networks table or a PANEL_CONFIG message holds it. */
export interface NetworkConfiguration extends PanelStrings {
  zones: ZoneConfig[];
  modules: ModuleConfig[];
  devices: DeviceConfig[];
}

/**
 * One network as the spec's Panel entity, flat (GET /v2/sites/{hwaddr} and the live feed's
 * ConfigSync): a network the panel has not described yet has empty texts and lists and
 * `configured: false`, so that a client reads the same fields in every case.
 */
export function toSitePanel(
  hwaddr: string,
  networkId: number,
  configuration: NetworkConfiguration | null,
  connected: boolean,
  runtime: RuntimeReport | null,
): SitePanel {
  return {
    hwaddr,
    networkId,
    strName: configuration?.strName ?? '',
    strSite: configuration?.strSite ?? '',
    strCompany: configuration?.strCompany ?? '',
    strPhoneNumber: configuration?.strPhoneNumber ?? '',
    zones: configuration?.zones ?? [],
    modules: configuration?.modules ?? [],
    devices: configuration?.devices ?? [],
    configured: configuration !== null,
    connected,
    runtime,
  };
}
