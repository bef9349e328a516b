import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { RedisConfig, RuntimeConfig } from '@app/config';
import { QUEUE_NAMES, type EventAlertMailJob, type PasswordResetMailJob } from '@app/contracts';
import { currentLogFields, PlatformModule } from '@app/platform';
import { waitUntil } from '@app/testing';
import { QueueModule } from '../queues/queue.module';
import { QueueService } from '../queues/queue.service';
import { removeRedisPrefix, TEST_REDIS_URL, uniqueTestName } from '../testing';
import { JobGivenUp, JobHandler } from './job-handler.decorator';
import { JobsModule } from './jobs.module';
import { eventAlertJob } from './mail-jobs.util';

const handled: string[] = [];
/** The log fields each alert job ran under, by event key. */
const alertLogFields = new Map<string, Record<string, unknown>>();

@Injectable()
class CompleteMailHandlers {
  @JobHandler('mail', 'event-alert')
  async alert(job: EventAlertMailJob): Promise<void> {
    alertLogFields.set(job.eventKey, currentLogFields());
    handled.push(`alert ${job.eventKey}`);
  }

  @JobHandler('mail', 'password-reset')
  async reset(job: PasswordResetMailJob): Promise<void> {
    handled.push(`reset ${job.email}`);
  }

  @JobHandler('mail', 'panel-offline')
  async offline(): Promise<void> {}

  @JobHandler('mail', 'panel-online')
  async online(): Promise<void> {}

  @JobHandler('mail', 'alarm-escalation')
  async escalation(): Promise<void> {}

  @JobHandler('mail', 'invitation')
  async invitation(): Promise<void> {}
}

@Injectable()
class SecondResetHandler {
  @JobHandler('mail', 'password-reset')
  async reset(): Promise<void> {}
}

@Injectable()
class RelayHandler {
  @JobHandler('relay-actions', 'relay-action')
  async run(): Promise<void> {}
}

@Injectable()
class RelayGivenUp {
  @JobGivenUp('relay-actions', 'relay-action')
  async record(): Promise<void> {}
}

@Injectable()
class ResetGivenUpTwice {
  @JobGivenUp('mail', 'password-reset')
  async first(): Promise<void> {}

  @JobGivenUp('mail', 'password-reset')
  async second(): Promise<void> {}
}

describe('JobWorkers (real Redis)', () => {
  const prefix = uniqueTestName('jobs');
  const contexts: INestApplicationContext[] = [];

  async function start(providers: Array<new (...args: never[]) => unknown>): Promise<INestApplicationContext> {
    const moduleRef = await Test.createTestingModule({
      imports: [
        PlatformModule.forRoot(new RuntimeConfig('jobs-spec', 'test', 'silent', 0)),
        QueueModule.forRoot(new RedisConfig(TEST_REDIS_URL, prefix)),
        JobsModule.forRoot({ queues: { mail: { concurrency: 2 } } }),
      ],
      providers,
    }).compile();
    const context = moduleRef.createNestApplication({ logger: false });
    contexts.push(context);
    await context.init();
    return context;
  }

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await removeRedisPrefix(prefix);
  });

  it('runs each job on the handler of its name', async () => {
    const context = await start([CompleteMailHandlers]);
    const queue = context.get(QueueService).queue(QUEUE_NAMES.mail);
    await queue.add('event-alert', {
      kind: 'event-alert',
      eventKey: '0011aabbccdd-1',
      userId: 'u',
      hwaddr: '0011aabbccdd',
      seq: 1,
      event: {
        hwaddr: '0011aabbccdd',
        seq: 1,
        networkId: 1,
        category: 'fire',
        title: 'Fire',
        panelDate: '',
        location: '',
        receivedAt: '',
      },
    } satisfies EventAlertMailJob);
    await queue.add('password-reset', {
      kind: 'password-reset',
      email: 'a@example.com',
      name: 'A',
      resetPath: '/resetpass/x',
      expiresAt: '',
    });
    await waitUntil(() => handled.length === 2, 'both jobs handled');
    expect(handled.sort()).toEqual(['alert 0011aabbccdd-1', 'reset a@example.com']);
  });

  it("runs a job in a log scope of its id, its try and its data's correlation id and panel", async () => {
    const context = await start([CompleteMailHandlers]);
    const event = {
      hwaddr: '0011aabbccdd',
      seq: 2,
      networkId: 1,
      category: 'fire' as const,
      title: 'Fire',
      panelDate: '',
      location: '',
      receivedAt: '',
    };
    const job = eventAlertJob(event, 'u-9');
    await context.get(QueueService).queue(QUEUE_NAMES.mail).add(job.name, job.data, job.opts);
    await waitUntil(() => alertLogFields.get('0011aabbccdd-2'), 'the alert job run');
    expect(alertLogFields.get('0011aabbccdd-2')).toEqual({
      jobId: job.opts.jobId,
      attempt: 1,
      correlationId: 'evt-0011aabbccdd-2',
      hwaddr: '0011aabbccdd',
      seq: 2,
      userId: 'u-9',
    });
  });

  it('refuses to start when a job has no handler', async () => {
    await expect(start([RelayHandler])).rejects.toThrow(
      "Job handlers are not complete: RelayHandler.run handles 'relay-action' of queue 'relay-actions', which this app does not serve; job 'event-alert' of queue 'mail' has no handler; job 'password-reset' of queue 'mail' has no handler; job 'panel-offline' of queue 'mail' has no handler; job 'panel-online' of queue 'mail' has no handler; job 'alarm-escalation' of queue 'mail' has no handler; job 'invitation' of queue 'mail' has no handler",
    );
  });

  it('refuses to start when a job has two handlers', async () => {
    await expect(start([CompleteMailHandlers, SecondResetHandler])).rejects.toThrow(
      "job 'password-reset' of queue 'mail' has two handlers",
    );
  });

  it('refuses to start when a given-up method is doubled or names a queue the app does not serve', async () => {
    await expect(start([CompleteMailHandlers, RelayGivenUp])).rejects.toThrow(
      "Job handlers are not complete: RelayGivenUp.record handles 'relay-action' of queue 'relay-actions', which this app does not serve",
    );
    await expect(start([CompleteMailHandlers, ResetGivenUpTwice])).rejects.toThrow(
      "job 'password-reset' of queue 'mail' has two given-up methods (one is ResetGivenUpTwice.second)",
    );
  });
});
