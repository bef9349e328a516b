export { ALARM_CHANNELS, type AlarmChannelName } from './alarm-channels.constants';
export type { AlarmChannel, AlarmEvent } from './alarm-channel.types';
export { AlarmReactions } from './alarm-reactions.service';
export { OwedRecordsSweep } from './owed-records-sweep';
