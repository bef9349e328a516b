/** Addressing mode of a TCP/IP module's Ethernet port (spec 2.17). */

export const TCP_MODES = ['OFF', 'STATIC', 'DHCP'] as const;

export type TcpMode = (typeof TCP_MODES)[number];

export const TCP_MODE_LABELS: Readonly<Record<TcpMode, string>> = {
  OFF: 'Off',
  STATIC: 'Static',
  DHCP: 'DHCP',
};
