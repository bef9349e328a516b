import type { RuntimeReport } from './runtime.types';

/** How many zones of one panel network are in fire and in fault, as its latest runtime report says. */
export interface NetworkAlarms {
  fireZones: number;
  faultZones: number;
}

/** A site's alarms by network id: what the Site Manager needs of each runtime report, without the reports. */
export type SiteAlarms = Record<string, NetworkAlarms>;

/** The report's zones in fire and in fault, each zone counted once. */
export function networkAlarmsOf(report: RuntimeReport): NetworkAlarms {
  return { fireZones: new Set(report.zones.fire).size, faultZones: new Set(report.zones.fault).size };
}

/** The zones in fire and in fault of every network of a site. */
export function totalAlarms(alarms: SiteAlarms | null | undefined): NetworkAlarms {
  let fireZones = 0;
  let faultZones = 0;
  for (const network of Object.values(alarms ?? {})) {
    fireZones += network.fireZones;
    faultZones += network.faultZones;
  }
  return { fireZones, faultZones };
}
