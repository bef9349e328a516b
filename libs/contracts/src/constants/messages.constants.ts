/**
 * User-visible messages of the spec (sections 2, 4, 5 and 8) that both the API and the web client
 * use. Messages with a value in them are functions; the wording is the spec's.
 */

export const MESSAGES = {
  noPanelAccess: 'You do not have access to this panel',
  loginFailed: 'Login failed: incorrect email address or password entered',
  invalidFormCredentials: 'Invalid form credentials',
  panelTimeOutOfSync: 'Panel time possibly out of sync',
  serverUnavailable: 'Server currently unavailable.',
  panelOnlyReceivingEvents: 'Your Panel Is Currently Only Receiving Events',
  loadingPanel: "Loading panel information - Please wait while we fetch this panel's configuration from our servers.",
  /** The API's answer to a control or edit of a panel that no gateway holds. */
  panelNotConnected: 'The panel is not connected to the cloud',
  liveUpdatesIssueTitle: 'Live Updates Issue',
  liveUpdatesIssue: 'Cannot connect to live updates, notifications may be delayed.',
  liveUpdatesConnected: 'Live Updates Connected.',
  panelInfoUpdated: 'Panel info updated.',
  noEventFound: 'No event found.',
  noPanelEventsFound: 'No Panel Events Found.',
  noEventsMatching: 'No events found matching your search criteria.',
  noNotificationsFound: 'No Notifications Found',
  noZonesOnFire: 'No zones currently on fire',
  noZonesInFault: 'No zones currently in fault',
  dayNightDisabled: 'Day/Night settings disabled.',
  sounderDisabled: 'Sounder disabled',
  loadingRuntime: 'Loading runtime display...',
  noDevicesFound: 'No Devices found.',
  loadingZone: 'Loading zone...',
  loadingDevices: 'Loading devices.',
  loadingAccount: 'Loading/Updating account information.',
  noOtherSites: 'No other sites found',
  relayWaitingToVerify: 'Waiting to verify',
  relayConnecting: 'Connecting to relay',
  confirmRemovePanel: 'Remove this panel',
  confirmDeleteRelay: 'Delete this relay?',
  confirmDeleteAction: 'Delete this action?',
  removeAccessTitle: 'Remove access to this panel.',
  removeAccessWarning: 'Continuing will remove your ability to access this panel, are you sure you wish to proceed?',
  removeAccessConfirm: 'I confirm I wish to remove my access to this panel.',
  sessionExpiredGetPanelToken: 'Session expired in getPanelToken',
  sessionExpiredFetchPanelToken: 'Session expired during _fetchPanelToken',
} as const;

export function statusCodeMessage(code: number, text: string): string {
  return `Status code ${code} ${text} returned by server.`;
}

export function invalidBodyMessage(code: number, text: string): string {
  return `Status code ${code} ${text} returned by server with invalid body.`;
}

export function networkFailureMessage(reason: string): string {
  return `Could not contact server due to: ${reason}`;
}

export function resetFailedMessage(message: string): string {
  return `Reset failed: ${message}`;
}

export function siteConnectedMessage(name: string): string {
  return `Site ${name} connected`;
}

export function siteDisconnectedMessage(name: string): string {
  return `Site ${name} disconnected`;
}

/** A site whose panel's connection is lost, before the loss is reported (docs/alerts.md). */
export function connectionLostSinceMessage(time: string): string {
  return `Connection lost since ${time}`;
}

/** A site whose panel's communication loss was reported (docs/alerts.md); `time` in the spec's format. */
export function offlineSinceMessage(time: string): string {
  return `Offline since ${time}`;
}

export function resolvedByMessage(name: string, date: string): string {
  return `Resolved by: ${name} on ${date}`;
}

export function unknownNotificationMessage(id: number | string): string {
  return `Unknown notification with id ${id}`;
}
