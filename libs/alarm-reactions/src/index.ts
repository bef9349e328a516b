export { ALARM_CHANNELS, type AlarmChannelName } from './alarm-channels.constants';
export type { AlarmChannel, AlarmEvent } from './alarm-channel.types';
export { AlarmReactions } from './alarm-reactions.service';
export { OwedRecordsSweep, type OwedRecords } from './owed-records-sweep';
