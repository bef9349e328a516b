import type { RuntimeReport, SiteDetail, SitePanel, SiteSummary, SiteTestMode } from '@app/contracts';

import { networkAlarmsOf, type SiteAlarms } from '@app/contracts';

/**
 * The order of what the client knows of each site. The live feed and the API both tell the parts
 * below; an API answer read by the server before a change can reach the client after the live
 * message of that change (a site fetched just before its panel disconnects, its answer read after
 * the live `Connection {connected:false}`). So each write of a part takes a stamp of one client
 * clock: a live message (or a local change, events marked seen) when it is applied, a fetch when it
 * is sent. The server publishes a live message only once its change is stored, so a fetch sent after
 * the client applied a message reflects that message at least; only what was written after the fetch
 * was sent may be newer than its answer, and that keeps its value.
 *
 * The live feed's own `seq` cannot play this part: it is numbered per portal-api copy and per socket
 * (docs/reliability.md, Live feed), while a fetch may be answered by another copy and the socket may
 * change copy at each reconnect. Per part, so that a fetch still repairs what the feed lost on the way
 * (a missed Connection) while a Runtime of the same site arrived during it.
 */

export interface SiteCounts {
  unreadCount: number;
  perPanelCount: Record<string, number>;
}

/** A part's latest value and the stamp of the write that set it. */
export interface Stamped<T> {
  at: number;
  value: T;
}

/** What the client knows of one site's live parts, even before (or without) its screen's data. */
export interface SiteKnowledge {
  connected?: Stamped<boolean>;
  /** Since when the connection is lost, from the feed's Connection (null: connected). */
  connectionLostSince?: Stamped<string | null>;
  /** Since when the panel is offline once its loss was reported (ISO), null when it is not. */
  offlineSince?: Stamped<string | null>;
  /** Its test mode while it lasts, null when it has none (docs/test-mode.md). */
  testMode?: Stamped<SiteTestMode | null>;
  counts?: Stamped<SiteCounts>;
  /** By network id. */
  runtime: Record<string, Stamped<RuntimeReport | null>>;
  /** A network's configuration as a ConfigSync or a fetch gave it, by network id. */
  config: Record<string, Stamped<SitePanel>>;
}

export interface KnowledgeState {
  /** The stamp of the latest live write; a fetch sent now takes this value. */
  clock: number;
  sites: Record<string, SiteKnowledge>;
}

export const initialKnowledge: KnowledgeState = { clock: 0, sites: {} };

function siteOf(knowledge: KnowledgeState, hwaddr: string): SiteKnowledge {
  return (knowledge.sites[hwaddr] ??= { runtime: {}, config: {} });
}

/** A live write: later than everything the client knew or had asked for. */
function liveStamp(knowledge: KnowledgeState): number {
  knowledge.clock += 1;
  return knowledge.clock;
}

export function knowLiveConnection(knowledge: KnowledgeState, hwaddr: string, connected: boolean): void {
  siteOf(knowledge, hwaddr).connected = { at: liveStamp(knowledge), value: connected };
}

export function knowLiveConnectionLostSince(knowledge: KnowledgeState, hwaddr: string, since: string | null): void {
  siteOf(knowledge, hwaddr).connectionLostSince = { at: liveStamp(knowledge), value: since };
}

export function knowLiveOfflineSince(knowledge: KnowledgeState, hwaddr: string, since: string | null): void {
  siteOf(knowledge, hwaddr).offlineSince = { at: liveStamp(knowledge), value: since };
}

export function knowLiveTestMode(knowledge: KnowledgeState, hwaddr: string, testMode: SiteTestMode | null): void {
  siteOf(knowledge, hwaddr).testMode = { at: liveStamp(knowledge), value: testMode };
}

export function knowLiveCounts(knowledge: KnowledgeState, hwaddr: string, counts: SiteCounts): void {
  siteOf(knowledge, hwaddr).counts = { at: liveStamp(knowledge), value: counts };
}

export function knowLiveRuntime(
  knowledge: KnowledgeState,
  hwaddr: string,
  networkId: number,
  report: RuntimeReport | null,
): void {
  siteOf(knowledge, hwaddr).runtime[String(networkId)] = { at: liveStamp(knowledge), value: report };
}

export function knowLiveConfig(knowledge: KnowledgeState, hwaddr: string, network: SitePanel): void {
  siteOf(knowledge, hwaddr).config[String(network.networkId)] = { at: liveStamp(knowledge), value: network };
}

/** The part as known now: the fetched value unless something written after the fetch was sent holds it. */
function settle<T>(known: Stamped<T> | undefined, fetched: T, sentAt: number): Stamped<T> {
  return known !== undefined && known.at > sentAt ? known : { at: sentAt, value: fetched };
}

/** The counts a fetched summary carries, or newer ones the client knows. */
export function settleCounts(knowledge: KnowledgeState, fetched: SiteSummary, sentAt: number): SiteCounts {
  const site = siteOf(knowledge, fetched.hwaddr);
  site.counts = settle(site.counts, { unreadCount: fetched.unreadCount, perPanelCount: fetched.perPanelCount }, sentAt);
  return site.counts.value;
}

/** Since when the site is offline as a fetched summary says, or as the client learned after it was sent. */
export function settleOfflineSince(knowledge: KnowledgeState, fetched: SiteSummary, sentAt: number): string | null {
  const site = siteOf(knowledge, fetched.hwaddr);
  site.offlineSince = settle(site.offlineSince, fetched.offlineSince, sentAt);
  return site.offlineSince.value;
}

/**
 * A fetched summary's alarms (zones in fire and in fault per network), with what the client learned
 * after the fetch was sent kept: a network's newer runtime report counts instead, and a panel
 * disconnected since has none (the server reads no runtime of a panel that is not connected).
 */
export function settleAlarms(knowledge: KnowledgeState, fetched: SiteSummary, sentAt: number): SiteAlarms | null {
  const site = siteOf(knowledge, fetched.hwaddr);
  if (site.connected && site.connected.at > sentAt && !site.connected.value) return {};
  let alarms = fetched.alarms === null ? null : { ...fetched.alarms };
  for (const [networkId, runtime] of Object.entries(site.runtime)) {
    if (runtime.at <= sentAt) continue;
    alarms ??= {};
    if (runtime.value) alarms[networkId] = networkAlarmsOf(runtime.value);
    else delete alarms[networkId];
  }
  return alarms;
}

/** The site's test mode as a fetched summary says, or as the client learned after it was sent. */
export function settleTestMode(knowledge: KnowledgeState, fetched: SiteSummary, sentAt: number): SiteTestMode | null {
  const site = siteOf(knowledge, fetched.hwaddr);
  site.testMode = settle(site.testMode, fetched.testMode ?? null, sentAt);
  return site.testMode.value;
}

/**
 * A fetched site screen's data (GET /v2/sites/{hwaddr}, sent at `sentAt`) with every live part the
 * client learned after it was sent kept as it is: the connection flag, the unread counts, since when
 * it is offline, its test mode, and per network its configuration and runtime report.
 */
export function settleDetail(knowledge: KnowledgeState, fetched: SiteDetail, sentAt: number): SiteDetail {
  const site = siteOf(knowledge, fetched.hwaddr);
  site.connected = settle(site.connected, fetched.connected, sentAt);
  const connected = site.connected.value;
  const counts = settleCounts(knowledge, fetched, sentAt);
  const offlineSince = settleOfflineSince(knowledge, fetched, sentAt);
  const testMode = settleTestMode(knowledge, fetched, sentAt);
  const byId = new Map(fetched.networks.map((network) => [String(network.networkId), network]));
  // A network a ConfigSync added after the fetch was sent is not in its answer yet.
  for (const [networkId, config] of Object.entries(site.config))
    if (config.at > sentAt && !byId.has(networkId)) byId.set(networkId, config.value);
  const networks = [...byId.entries()].map(([networkId, fetchedNetwork]) => {
    site.config[networkId] = settle(site.config[networkId], fetchedNetwork, sentAt);
    site.runtime[networkId] = settle(site.runtime[networkId], fetchedNetwork.runtime, sentAt);
    return { ...site.config[networkId].value, connected, runtime: site.runtime[networkId].value };
  });
  networks.sort((left, right) => left.networkId - right.networkId);
  return { ...fetched, ...counts, offlineSince, testMode, connected, networks };
}
