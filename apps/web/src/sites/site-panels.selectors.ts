import { createSelector } from '@reduxjs/toolkit';
import { panelLabel, toPanelType } from '@app/contracts';
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
      })),
);
