/** My Account's 'Alerts on this phone': what it says beside the API's own refusals (PUSH_MESSAGES). */
export const PUSH_TEXT = {
  intro:
    "Your sites' fire and fault alarms can show on this phone or computer as notifications, with Acknowledge and " +
    'Open on them, even while the portal is closed. Turn them on in each browser you want them in.',
  unsupported: 'This browser cannot receive push notifications',
  unsupportedHelp:
    'On an iPhone or iPad, add the portal to the Home Screen (Share, then Add to Home Screen) and open it from ' +
    'there; elsewhere, use a current Chrome, Edge, Firefox or Safari.',
  blocked:
    "Notifications are blocked for this portal in this browser. To allow them, open the site's settings (the icon " +
    "beside the address, or the browser's settings for this site), set Notifications to Allow, then turn alerts on " +
    'again.',
  notAllowed: 'Notifications were not allowed: turn alerts on again and choose Allow when the browser asks.',
  on: 'On for this device',
  testSent: 'Test sent: it shows on that device within a few seconds.',
  noDevices: 'No device gets alerts yet.',
} as const;
