import {
  deviceTypeByNumber,
  moduleLabel,
  zoneBadgeNumber,
  type DeviceConfig,
  type Mode,
  type RuntimeReport,
  type SitePanel,
  type ZoneConfig,
} from '@app/contracts';

/** A zone badge of the runtime display: the zone's number (id + 1) and its name when known. */
export interface ZoneBadge {
  id: number;
  number: number;
  name: string;
}

export interface RuntimeView {
  fires: ZoneBadge[];
  faults: ZoneBadge[];
  soundersDisabled: boolean;
}

function badgeOf(zones: readonly ZoneConfig[], id: number): ZoneBadge {
  return { id, number: zoneBadgeNumber(id), name: zones.find((zone) => zone.id === id)?.name ?? '' };
}

/** The runtime display (spec 2.13), or null before a report arrived. */
export function runtimeViewOf(network: Pick<SitePanel, 'zones' | 'runtime'>): RuntimeView | null {
  const report: RuntimeReport | null = network.runtime;
  if (!report) return null;
  return {
    fires: report.zones.fire.map((id) => badgeOf(network.zones, id)),
    faults: report.zones.fault.map((id) => badgeOf(network.zones, id)),
    soundersDisabled: report.disabled.sounders,
  };
}

export interface DeviceRow {
  key: string;
  port_id: number;
  mod_idx: number;
  name: string;
  mode: Mode | undefined;
  typeName: string;
  zoneName: string;
  link: string;
}

export interface ZoneRow {
  id: number;
  name: string;
  mode: Mode;
  link: string;
  devices: DeviceRow[];
}

const matches = (text: string, filter: string) => text.toLowerCase().includes(filter);

/** Device links go through the module that carries the device. */
function deviceLink(base: string, device: Pick<DeviceConfig, 'port_id' | 'mod_idx'>): string {
  return `${base}/modules/${device.port_id}/device/${device.mod_idx}`;
}

export function deviceRowOf(base: string, zones: readonly ZoneConfig[], device: DeviceConfig): DeviceRow {
  return {
    key: `${device.port_id}/${device.mod_idx}`,
    port_id: device.port_id,
    mod_idx: device.mod_idx,
    name: device.name,
    mode: device.settings.mode,
    typeName: deviceTypeByNumber(device.type).name,
    zoneName: zones.find((zone) => zone.id === device.zone)?.name ?? `Zone ${zoneBadgeNumber(device.zone)}`,
    link: deviceLink(base, device),
  };
}

/**
 * The devices screen (spec 2.14): each zone followed by its devices. The filter keeps the devices
 * whose name or type holds it, and a zone whose name holds it with all its devices; empty zones
 * (none left after filtering) show only when asked.
 */
export function zoneRowsOf(
  network: Pick<SitePanel, 'zones' | 'devices'>,
  base: string,
  filter: string,
  showEmpty: boolean,
): ZoneRow[] {
  const wanted = filter.trim().toLowerCase();
  return network.zones
    .map((zone) => {
      const zoneMatches = wanted === '' || matches(zone.name, wanted);
      const devices = network.devices
        .filter((device) => device.zone === zone.id)
        .map((device) => deviceRowOf(base, network.zones, device))
        .filter((row) => zoneMatches || matches(row.name, wanted) || matches(row.typeName, wanted));
      return {
        id: zone.id,
        name: zone.name,
        mode: zone.mode,
        link: `${base}/devices/zone/${zone.id}`,
        devices,
        zoneMatches,
      };
    })
    .filter((row) => (showEmpty ? row.zoneMatches || row.devices.length > 0 : row.devices.length > 0))
    .map(({ zoneMatches: _zoneMatches, ...row }) => row);
}

export interface ModuleRow {
  port_id: number;
  port_type: string;
  label: string;
  devices: number;
  link: string;
}

/** The modules list (spec 2.17): port, type, sub-device count, Edit. */
export function moduleRowsOf(network: Pick<SitePanel, 'modules'>, base: string): ModuleRow[] {
  return network.modules.map((module) => ({
    port_id: module.port_id,
    port_type: module.port_type,
    label: moduleLabel(module.port_id, module.port_type),
    devices: module.devices,
    link: `${base}/modules/${module.port_id}`,
  }));
}
