/** Module (port) types of a panel (spec section 3, "Module types"). */

export const PORT_TYPES = [
  'MOD_EMPTY',
  'MOD_LOOP',
  'MOD_MIU',
  'MOD_ZMU_CLASS_A',
  'MOD_ZMU_CLASS_B',
  'MOD_MRO',
  'MOD_NAC_CLASS_A',
  'MOD_NAC_CLASS_B',
  'MOD_NWM',
  'MOD_232',
  'MOD_TCP',
  'MOD_GAS',
  'MOD_MRKII',
  'MOD_CO',
  'SMARTLOOP_LOCAL',
] as const;

export type PortType = (typeof PORT_TYPES)[number];

export const PORT_TYPE_LABELS: Readonly<Record<PortType, string>> = {
  MOD_EMPTY: 'Empty',
  MOD_LOOP: 'Loop card',
  MOD_MIU: 'Multi input unit',
  MOD_ZMU_CLASS_A: 'Zone monitor (class A)',
  MOD_ZMU_CLASS_B: 'Zone monitor (class B)',
  MOD_MRO: 'Multi relay output',
  MOD_NAC_CLASS_A: 'Alarm circuit (class A)',
  MOD_NAC_CLASS_B: 'Alarm circuit (class B)',
  MOD_NWM: 'RS485 network',
  MOD_232: 'RS232 printer',
  MOD_TCP: 'TCP/IP',
  MOD_GAS: 'Gas loop',
  MOD_MRKII: 'Standard loop',
  MOD_CO: 'CO loop',
  SMARTLOOP_LOCAL: 'Smartloop local devices',
};

export function isPortType(value: unknown): value is PortType {
  return typeof value === 'string' && (PORT_TYPES as readonly string[]).includes(value);
}

/** The port type's label, or the raw value when a panel reports a type this portal does not know. */
export function portTypeLabel(portType: string): string {
  return isPortType(portType) ? PORT_TYPE_LABELS[portType] : portType;
}

export function isZoneMonitorPort(portType: string): boolean {
  return portType === 'MOD_ZMU_CLASS_A' || portType === 'MOD_ZMU_CLASS_B';
}

export function isAlarmCircuitPort(portType: string): boolean {
  return portType === 'MOD_NAC_CLASS_A' || portType === 'MOD_NAC_CLASS_B';
}
