import { DynamicModule, Module } from '@nestjs/common';
import { AlarmReactions } from '@app/alarm-reactions';
import { QUEUE_NAMES } from '@app/contracts';
import { DatabaseModule, DeadLettersRepository } from '@app/database';
import {
  DeadLettersModule,
  JobsModule,
  MessageHandlersModule,
  NatsModule,
  QueueModule,
  RecordSweepConfig,
} from '@app/messaging';
import { NotificationsWriterModule } from '@app/notifications';
import { PlatformModule } from '@app/platform';
import { RelayBoardsModule } from './boards/relay-boards.module';
import { RelayAlarmPathWarmup } from './events/relay-alarm-path-warmup.service';
import { RelayAlarmChannel } from './events/relay-alarm.channel';
import { RelayActionsRepository } from './events/relay-actions.repository';
import { RelayActionDriver } from './jobs/relay-action-driver.service';
import { RelayActionGivenUp } from './jobs/relay-action-given-up.service';
import { RelayActionJobHandler } from './jobs/relay-action.job-handler';
import { RelayActionRunsRepository } from './jobs/relay-action-runs.repository';
import { RelayFailureNotifier } from './jobs/relay-failure-notifier.service';
import { RelayRunSweep } from './jobs/relay-run-sweep.service';
import type { RelayWorkerConfig } from './relay-worker.config';
import { RelayRunLivePublisher } from './runs/relay-run-live.publisher';
import { RelayActionTestResponder } from './verify/relay-action-test.responder';
import { RelayVerifyResponder } from './verify/relay-verify.responder';

/** Turns fire and fault events into relay jobs and drives the relay boards. */
@Module({})
export class RelayWorkerModule {
  static forRoot(config: RelayWorkerConfig): DynamicModule {
    return {
      module: RelayWorkerModule,
      imports: [
        PlatformModule.forRoot(config.runtime),
        // The schema belongs to portal-api, which migrates it; this app only reads and writes rows.
        DatabaseModule.forRoot({ ...config.database.connection, applicationName: config.runtime.appName }),
        NatsModule.forRoot(config.nats),
        DeadLettersModule.forRoot(config.consumers, DeadLettersRepository),
        QueueModule.forRoot(config.redis),
        JobsModule.forRoot({
          queues: { [QUEUE_NAMES.relayActions]: { concurrency: config.driving.concurrency } },
          stall: config.jobs,
        }),
        RelayBoardsModule.forRoot(config.relaySecurity, config.driving),
        MessageHandlersModule.forApp('relay-worker'),
        NotificationsWriterModule,
      ],
      providers: [
        { provide: RecordSweepConfig, useValue: config.sweep },
        RelayActionsRepository,
        AlarmReactions,
        RelayAlarmChannel,
        RelayAlarmPathWarmup,
        RelayActionRunsRepository,
        RelayFailureNotifier,
        RelayRunLivePublisher,
        RelayActionDriver,
        RelayActionJobHandler,
        RelayActionGivenUp,
        RelayRunSweep,
        RelayVerifyResponder,
        RelayActionTestResponder,
      ],
    };
  }
}
