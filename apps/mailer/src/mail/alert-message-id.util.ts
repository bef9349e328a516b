/**
 * The Message-ID of the alert mail of one event to one user: derived from the event and the user
 * only, so every send of it (a retry, or a repeat after a crash whose outcome was unknown) carries
 * the same one and the receiving side can recognise the repeat. The domain is the sender's.
 */
export function alertMessageId(hwaddr: string, seq: number, userId: string, from: string): string {
  return `<alert.${hwaddr}.${seq}.${userId}@${senderDomain(from)}>`;
}

/** The same for the mail of one panel outage ('panel-offline' or 'panel-online') to one user. */
export function outageMessageId(kind: string, hwaddr: string, outageId: number, userId: string, from: string): string {
  return `<${kind}.${hwaddr}.${outageId}.${userId}@${senderDomain(from)}>`;
}

/** The same for the mail of one escalation step of an alarm to one user. */
export function escalationMessageId(alarmId: number, step: number, userId: string, from: string): string {
  return `<escalation.${alarmId}.${step}.${userId}@${senderDomain(from)}>`;
}

function senderDomain(from: string): string {
  const address = /<([^<>]+)>/.exec(from)?.[1] ?? from;
  return address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
}
