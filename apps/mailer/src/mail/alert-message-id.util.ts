/**
 * The Message-ID of the alert mail of one event to one user: derived from the event and the user
 * only, so every send of it (a retry, or a repeat after a crash whose outcome was unknown) carries
 * the same one and the receiving side can recognise the repeat. The domain is the sender's.
 */
export function alertMessageId(hwaddr: string, seq: number, userId: string, from: string): string {
  const address = /<([^<>]+)>/.exec(from)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf('@') + 1).trim() || 'localhost';
  return `<alert.${hwaddr}.${seq}.${userId}@${domain}>`;
}
