import type { SiteSummary } from '@app/contracts';

/** A site as the sites list answers it: authorised, named 'Depot', nothing unread, e-mails off; `changes` on top. */
export function siteSummaryOf(hwaddr: string, changes: Partial<SiteSummary> = {}): SiteSummary {
  return {
    hwaddr,
    name: 'Depot',
    status: 'AUTHED',
    adminKey: '1234',
    panelType: 'SMARTLOOP_MK2',
    emailEvents: false,
    lastEventSeen: null,
    unreadCount: 0,
    perPanelCount: {},
    offlineSince: null,
    alarms: null,
    testMode: null,
    ...changes,
  };
}
