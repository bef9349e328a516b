import type { ActionReducerMapBuilder } from '@reduxjs/toolkit';
import { networkAlarmsOf, notificationDataOf, type SiteSummary } from '@app/contracts';
import {
  configSyncReceived,
  connectionReceived,
  logEventsReceived,
  notificationEventReceived,
  runtimesReceived,
  testModeReceived,
} from '../livefeed/livefeed.actions';
import {
  knowLiveConfig,
  knowLiveConnection,
  knowLiveCounts,
  knowLiveOfflineSince,
  knowLiveRuntime,
  knowLiveTestMode,
  knowLiveConnectionLostSince,
} from './site-knowledge.util';
import type { SitesState } from './sites.slice';

/** Since when the site is offline ('Panel communication lost', docs/alerts.md): set on a tile and the site screen. */
function setOfflineSince(state: SitesState, hwaddr: string, since: string | null): void {
  knowLiveOfflineSince(state.knowledge, hwaddr, since);
  for (const entry of countedEntries(state, hwaddr)) entry.offlineSince = since;
}

/** The site's Site Manager tile (its entry in the list), if listed. */
function tilesOf(state: SitesState, hwaddr: string): SiteSummary[] {
  return state.list.filter((site) => site.hwaddr === hwaddr);
}

/** The site's entries that carry its counts: the list's tile and, when loaded, the site screen's data. */
function countedEntries(state: SitesState, hwaddr: string): SiteSummary[] {
  const entries: SiteSummary[] = state.list.filter((site) => site.hwaddr === hwaddr);
  const detail = state.details[hwaddr];
  if (detail) entries.push(detail);
  return entries;
}

/**
 * What the live feed tells about sites, applied without asking the API: the counts a LogEvent or
 * NotificationEvent carries become the badges, a ConfigSync replaces that network, connection and
 * runtime reports land on the site screen's data, a panel's loss of communication (PANEL_OFFLINE)
 * and a connection set since when it is offline. Each is also noted in the site's knowledge
 * (site-knowledge.util.ts), even with no screen data loaded, so that a fetch sent before it never
 * puts older values back.
 */
export function addLiveSiteCases(builder: ActionReducerMapBuilder<SitesState>): void {
  builder
    .addCase(logEventsReceived, (state, action) => {
      // In the order sent: the last message of a site holds its newest counts.
      for (const event of action.payload) {
        if (typeof event.unreadCount !== 'number') continue;
        knowLiveCounts(state.knowledge, event.hwaddr, {
          unreadCount: event.unreadCount,
          perPanelCount: { ...event.perPanelCount },
        });
        for (const entry of countedEntries(state, event.hwaddr)) {
          entry.unreadCount = event.unreadCount;
          entry.perPanelCount = { ...event.perPanelCount };
        }
      }
    })
    .addCase(notificationEventReceived, (state, action) => {
      const { notification } = action.payload;
      // A loss of communication reported, re-opened or ended: offline since its start until restored.
      const data = notificationDataOf(notification, 'PANEL_OFFLINE');
      if (data) {
        setOfflineSince(state, action.payload.hwaddr, data.restored_at ? null : (data.lost_at ?? null));
      }
      if (typeof action.payload.unreadCount !== 'number') return;
      const { hwaddr, unreadCount } = action.payload;
      const perPanelCount =
        state.knowledge.sites[hwaddr]?.counts?.value.perPanelCount ?? countedEntries(state, hwaddr)[0]?.perPanelCount;
      knowLiveCounts(state.knowledge, hwaddr, { unreadCount, perPanelCount: { ...perPanelCount } });
      for (const entry of countedEntries(state, action.payload.hwaddr)) entry.unreadCount = action.payload.unreadCount;
    })
    .addCase(configSyncReceived, (state, action) => {
      knowLiveConfig(state.knowledge, action.payload.hwaddr, action.payload);
      const detail = state.details[action.payload.hwaddr];
      if (!detail) return;
      const others = detail.networks.filter((network) => network.networkId !== action.payload.networkId);
      // The site's connection flag belongs to Connection messages: the flag a ConfigSync read may be older.
      const network = { ...action.payload, connected: detail.connected };
      detail.networks = [...others, network].sort((left, right) => left.networkId - right.networkId);
    })
    .addCase(connectionReceived, (state, action) => {
      knowLiveConnection(state.knowledge, action.payload.hwaddr, action.payload.connected);
      // 'Connection lost since …' at once, until 'Offline since' once the loss is reported.
      const lostSince = action.payload.connected ? null : (action.payload.at ?? null);
      knowLiveConnectionLostSince(state.knowledge, action.payload.hwaddr, lostSince);
      for (const entry of countedEntries(state, action.payload.hwaddr)) entry.connectionLostSince = lostSince;
      // Back: no longer offline, before the server's restoration of the loss arrives.
      if (action.payload.connected) setOfflineSince(state, action.payload.hwaddr, null);
      // Gone: no zone shown in fire or fault, as the server counts none for a panel not connected.
      else for (const site of tilesOf(state, action.payload.hwaddr)) site.alarms = {};
      const detail = state.details[action.payload.hwaddr];
      if (!detail) return;
      detail.connected = action.payload.connected;
      for (const network of detail.networks) network.connected = action.payload.connected;
    })
    .addCase(testModeReceived, (state, action) => {
      // Started or ended (docs/test-mode.md): on the tile and the site's screens.
      const { hwaddr, testMode } = action.payload;
      knowLiveTestMode(state.knowledge, hwaddr, testMode);
      for (const entry of countedEntries(state, hwaddr)) entry.testMode = testMode;
    })
    .addCase(runtimesReceived, (state, action) => {
      // A burst of reports, one action: the tiles re-render once.
      for (const { hwaddr, networkId, report } of action.payload) {
        knowLiveRuntime(state.knowledge, hwaddr, networkId, report);
        const network = state.details[hwaddr]?.networks.find((candidate) => candidate.networkId === networkId);
        if (network) network.runtime = report;
        // The tile's alarms: this network's zones as the report counts them.
        for (const site of tilesOf(state, hwaddr))
          site.alarms = { ...site.alarms, [String(networkId)]: networkAlarmsOf(report) };
      }
    });
}
