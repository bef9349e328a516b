/**
 * Every channel an alarm owes reactions on, by name, with the app that performs it: operations
 * scale those apps each on its own. A channel's class is named by this list (AlarmChannel.name),
 * and alarm-channels.spec.ts checks that each listed channel exists, is provided by that app, and
 * is described in docs/adding-an-alarm-channel.md.
 */
export const ALARM_CHANNELS = {
  relay: 'relay-worker',
  'e-mail': 'mailer',
  webhook: 'mailer',
  push: 'mailer',
} as const;

export type AlarmChannelName = keyof typeof ALARM_CHANNELS;
