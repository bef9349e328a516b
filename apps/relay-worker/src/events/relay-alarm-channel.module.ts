import { Module } from '@nestjs/common';
import { AlarmReactions } from '@app/alarm-reactions';
import { RelayActionRunsRepository } from '../jobs/relay-action-runs.repository';
import { RelayRunLivePublisher } from '../runs/relay-run-live.publisher';
import { RelayActionsRepository } from './relay-actions.repository';
import { RelayAlarmChannel } from './relay-alarm.channel';

/**
 * The relay channel of the alarm pipeline (docs/adding-an-alarm-channel.md) with what it reads and
 * writes, wired once: imported by the relay-worker, and by the replay after a database restore
 * (tools/restore-replay), which asks the channel what an alarm owed and records it handled. Needs
 * the app's DataSource, NATS, queues and RelayDrivingConfig (global in both).
 */
@Module({
  providers: [
    AlarmReactions,
    RelayAlarmChannel,
    RelayActionsRepository,
    RelayActionRunsRepository,
    RelayRunLivePublisher,
  ],
  exports: [
    AlarmReactions,
    RelayAlarmChannel,
    RelayActionsRepository,
    RelayActionRunsRepository,
    RelayRunLivePublisher,
  ],
})
export class RelayAlarmChannelModule {}
