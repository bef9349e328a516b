import type { PanelCommandBodyMap } from '../panel-commands/panel-commands.registry';

/**
 * Calls under /api/v2/sites/{hwaddr}/panel/{networkId} (spec 7): the body of each is its command's
 * (libs/contracts/src/panel-commands), named here as the web client and the API speak of them.
 */

/** POST …/zone */
export type ZoneUpdateRequest = PanelCommandBodyMap['zone'];
/** POST …/tmp-name */
export type DeviceNameRequest = PanelCommandBodyMap['deviceName'];
/** POST …/tmp-zone */
export type DeviceZoneRequest = PanelCommandBodyMap['deviceZone'];
/** POST …/buttons */
export type ButtonRequest = PanelCommandBodyMap['button'];
/** POST …/strings */
export type StringsRequest = PanelCommandBodyMap['strings'];
/** POST …/module: only the fields of the module's port type are accepted. */
export type ModuleSettingsRequest = PanelCommandBodyMap['moduleSettings'];
/** POST …/device */
export type DeviceSettingsRequest = PanelCommandBodyMap['deviceSettings'];

/** One line of a site's audit log as GET /v2/sites/{hwaddr}/audit lists it, newest first. */
export interface CommandAuditEntry {
  id: number;
  date: string;
  userName: string;
  networkId: number;
  kind: string;
  /** How the audit log names the kind (its definition's audit label). */
  label: string;
  command: Record<string, unknown>;
  /** ok, refused, rejected, not-connected, timeout, failed, or pending while on its way. */
  outcome: string;
  reason: string | null;
}

/**
 * GET /v2/sites/{hwaddr}/clock: the panel's clock as its latest event showed it, against the portal's
 * time of arrival; all null before the site's first event.
 */
export interface PanelClockReading {
  /** When the portal received the latest event (ISO). */
  seenAt: string | null;
  /** The time the panel gave that event (ISO). */
  panelTime: string | null;
  /** panelTime less seenAt in whole seconds: negative while the panel's clock is behind. */
  offsetSeconds: number | null;
}
