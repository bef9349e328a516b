import { DynamicModule, Module } from '@nestjs/common';
import { QUEUE_NAMES } from '@app/contracts';
import { DatabaseModule } from '@app/database';
import { JobsModule, NatsModule, QueueModule } from '@app/messaging';
import { PlatformModule } from '@app/platform';
import { RelayBoardsModule } from './boards/relay-boards.module';
import { PanelEventRelayJobs } from './events/panel-event-relay-jobs.service';
import { PanelEventsConsumer } from './events/panel-events.consumer';
import { RelayActionsRepository } from './events/relay-actions.repository';
import { RelayActionJobHandler } from './jobs/relay-action.job-handler';
import { RelayActionRunsRepository } from './jobs/relay-action-runs.repository';
import { RelayFailureNotifier } from './jobs/relay-failure-notifier.service';
import type { RelayWorkerConfig } from './relay-worker.config';
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
        DatabaseModule.forRoot({ url: config.database.url, applicationName: config.runtime.appName }),
        NatsModule.forRoot(config.nats),
        QueueModule.forRoot(config.redis),
        JobsModule.forRoot({ queues: { [QUEUE_NAMES.relayActions]: { concurrency: config.driving.concurrency } } }),
        RelayBoardsModule.forRoot(config.relaySecurity, config.driving),
      ],
      providers: [
        RelayActionsRepository,
        PanelEventRelayJobs,
        PanelEventsConsumer,
        RelayActionRunsRepository,
        RelayFailureNotifier,
        RelayActionJobHandler,
        RelayVerifyResponder,
      ],
    };
  }
}
