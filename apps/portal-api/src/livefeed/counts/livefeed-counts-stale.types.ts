/** On `livefeed.counts.stale` (core NATS): the user's counts for the site changed outside the live feed. */
export interface LivefeedCountsStaleMessage {
  userId: string;
  hwaddr: string;
}

export function parseLivefeedCountsStale(text: string): LivefeedCountsStaleMessage | null {
  try {
    const value = JSON.parse(text) as Partial<LivefeedCountsStaleMessage> | null;
    if (typeof value?.userId !== 'string' || typeof value.hwaddr !== 'string') return null;
    return { userId: value.userId, hwaddr: value.hwaddr };
  } catch {
    return null;
  }
}
