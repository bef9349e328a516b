import { DynamicModule, Module } from '@nestjs/common';
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
import { RelayAlarmChannelModule } from './events/relay-alarm-channel.module';
import { RelayAlarmPathWarmup } from './events/relay-alarm-path-warmup.service';
import { RelayActionDriver } from './jobs/relay-action-driver.service';
import { RelayActionGivenUp } from './jobs/relay-action-given-up.service';
import { RelayActionJobHandler } from './jobs/relay-action.job-handler';
import { RelayFailureNotifier } from './jobs/relay-failure-notifier.service';
import { RelayRunSweep } from './jobs/relay-run-sweep.service';
import type { RelayWorkerConfig } from './relay-worker.config';
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
        // RelayAlarmChannel and what it needs (AlarmReactions, the actions and runs, RelayRun notices).
        RelayAlarmChannelModule,
      ],
      providers: [
        { provide: RecordSweepConfig, useValue: config.sweep },
        RelayAlarmPathWarmup,
        RelayFailureNotifier,
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
