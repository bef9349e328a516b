import { createSelector } from '@reduxjs/toolkit';
import { panelLabel, toPanelType, zoneBadgeNumber, type RuntimeReport } from '@app/contracts';
import { selectSiteDetail, selectSiteSummary } from './sites.selectors';

/** Panel widgets of a site, or null until its detail has loaded. */
export const selectSitePanelWidgets = createSelector([selectSiteDetail, selectSiteSummary], (detail, summary) =>
  detail === undefined
    ? null
    : detail.networks.map((network) => ({
        networkId: network.networkId,
        // strName is '' until the panel sent the network's configuration: the label then names the network.
        label: panelLabel(network.strName, network.networkId),
        panelType: toPanelType(detail.panelType),
        unread: (summary ?? detail).perPanelCount[String(network.networkId)] ?? 0,
        ...alarmTexts(network.runtime),
      })),
);

/** 'Fire: zones 3, 12' and 'Fault: zone 1' from the network's latest runtime report; null when none. */
export function alarmTexts(runtime: RuntimeReport | null): { fireText: string | null; faultText: string | null } {
  const text = (label: string, listed: readonly number[]) => {
    // Each zone once, as the Site Manager counts them (networkAlarmsOf).
    const ids = [...new Set(listed)];
    return ids.length === 0
      ? null
      : `${label}: ${ids.length === 1 ? 'zone' : 'zones'} ${ids.map((id) => zoneBadgeNumber(id)).join(', ')}`;
  };
  return { fireText: text('Fire', runtime?.zones.fire ?? []), faultText: text('Fault', runtime?.zones.fault ?? []) };
}
