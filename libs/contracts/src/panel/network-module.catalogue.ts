/** The setting of an RS485 network module (MOD_NWM); the editor shows Enabled read-only (spec 2.17). */

export const NETWORK_MODULE_SETTINGS = ['ENABLED', 'DISABLED'] as const;

export type NetworkModuleSetting = (typeof NETWORK_MODULE_SETTINGS)[number];

/** Enabled is false only when the setting is DISABLED. */
export function isNetworkModuleEnabled(setting: string): boolean {
  return setting !== 'DISABLED';
}
