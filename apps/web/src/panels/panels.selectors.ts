import { createSelector } from '@reduxjs/toolkit';
import { ALARM_AUDIT_KIND, isTestModeAuditKind, panelLabel, siteLabel, type CommandAuditEntry } from '@app/contracts';
import type { RootState } from '../shared/root-state.types';
import { selectNoControlReason } from '../sites/site-rights.selectors';
import { selectSiteDetail, selectSiteDetailError, selectSiteSummary } from '../sites/sites.selectors';
import { latestEventKey } from './panels.slice';
import type { PanelFormId, PanelTarget } from './panels.types';

const selectNetworkId = (_state: RootState, _hwaddr: string, networkId: number) => networkId;

/** The network's configuration, live from the site screen's data (ConfigSync, Connection, Runtime). */
export const selectPanelNetwork = createSelector(
  [(state: RootState, hwaddr: string) => selectSiteDetail(state, hwaddr), selectNetworkId],
  (detail, networkId) => detail?.networks.find((network) => network.networkId === networkId),
);

export interface PanelFrame {
  /** The site's data has been answered. */
  loaded: boolean;
  error: string | undefined;
  siteName: string;
  panelName: string;
  connected: boolean;
  cloudControl: boolean;
  /** Why the user's role leaves the controls and editors disabled (NO_CONTROL_RIGHT); null when it does not. */
  noControlReason: string | null;
  /** Controls and editors are usable: connected with cloud control (spec 4, 5), and the user's role controls the site. */
  canControl: boolean;
}

export const selectPanelFrame = createSelector(
  [
    (state: RootState, hwaddr: string) => selectSiteDetail(state, hwaddr),
    (state: RootState, hwaddr: string) => selectSiteSummary(state, hwaddr),
    (state: RootState, hwaddr: string) => selectSiteDetailError(state, hwaddr),
    selectPanelNetwork,
    (state: RootState, hwaddr: string) => selectNoControlReason(state, hwaddr),
    (_state: RootState, hwaddr: string) => hwaddr,
    selectNetworkId,
  ],
  (detail, summary, error, network, noControlReason, hwaddr, networkId): PanelFrame => {
    const connected = Boolean(detail?.connected && (network?.connected ?? detail.connected));
    const cloudControl = detail?.cloudControl ?? false;
    return {
      loaded: detail !== undefined,
      error,
      siteName: siteLabel(detail?.name ?? summary?.name, hwaddr),
      panelName: panelLabel(network?.strName, networkId),
      connected,
      cloudControl,
      noControlReason,
      canControl: connected && cloudControl && noControlReason === null,
    };
  },
);

export const selectUnreadOfPanel = (state: RootState, hwaddr: string, networkId: number): number =>
  (selectSiteSummary(state, hwaddr) ?? selectSiteDetail(state, hwaddr))?.perPanelCount[String(networkId)] ?? 0;

export const selectLatestEvent = (state: RootState, target: PanelTarget) =>
  state.panels.latestEvents[latestEventKey(target)];

/** An acknowledged alarm of the whole panel (a communication loss), which no one network has. */
const isPanelAcknowledgement = (entry: CommandAuditEntry) => entry.kind === ALARM_AUDIT_KIND && !entry.networkId;

/**
 * The site's command log entries for this network, the site's test mode started and ended, and
 * the whole panel's acknowledged alarms, newest first.
 */
export const selectRecentCommands = createSelector(
  [(state: RootState, hwaddr: string) => state.panels.audit[hwaddr], selectNetworkId],
  (audit, networkId) => ({
    entries: (audit?.entries ?? []).filter(
      (entry) => entry.networkId === networkId || isTestModeAuditKind(entry.kind) || isPanelAcknowledgement(entry),
    ),
    loading: audit?.loading ?? true,
    error: audit?.error ?? null,
  }),
);

export const selectPanelForm = (state: RootState, form: PanelFormId) => state.panels.forms[form];
