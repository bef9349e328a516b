/** My Account's 'Quiet hours': what it says beside the API's own refusals (QUIET_HOURS_MESSAGES). */
export const QUIET_HOURS_TEXT = {
  intro:
    'A daily span, in your time zone, in which faults and communication losses are not e-mailed or pushed to ' +
    'you. The Alarms view still lists everything.',
  switchLabel: 'Hold back fault and communication alerts at night',
  fireAlways: 'Fire alarms always reach you.',
  saved: 'Quiet hours saved.',
  savedOff: 'Quiet hours are off: every alert reaches you.',
  loading: 'Reading your quiet hours…',
} as const;

/** What the switch starts at when turned on. */
export const DEFAULT_QUIET_FROM = '22:00';
export const DEFAULT_QUIET_TO = '07:00';
