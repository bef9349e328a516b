/**
 * The identity of one panel event across the system: the panel's hardware address and the panel's
 * own sequence number. Used as the JetStream message id (de-duplication of resends) and in job ids.
 * Contains no ':' so that it is valid inside BullMQ job ids.
 */
export function panelEventKey(hwaddr: string, seq: number): string {
  return `${hwaddr}-${seq}`;
}
