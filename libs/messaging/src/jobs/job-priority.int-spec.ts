import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { RedisConfig, RuntimeConfig } from '@app/config';
import type { EventAlertMailJob, PanelEventMessage, PanelOutageMailJob, PasswordResetMailJob } from '@app/contracts';
import { PlatformModule } from '@app/platform';
import { waitUntil } from '@app/testing';
import { QueueModule } from '../queues/queue.module';
import { QueueService } from '../queues/queue.service';
import { removeRedisPrefix, TEST_REDIS_URL, uniqueTestName } from '../testing';
import { JobHandler } from './job-handler.decorator';
import { JobsModule } from './jobs.module';
import { enqueueMail, eventAlertJob, panelOutageMailJob, passwordResetMailJob } from './mail-jobs.util';

const handled: string[] = [];

@Injectable()
class RecordingMailHandlers {
  @JobHandler('mail', 'event-alert')
  async alert(job: EventAlertMailJob): Promise<void> {
    handled.push(`${job.event.category} ${job.seq}`);
  }

  @JobHandler('mail', 'password-reset')
  async reset(job: PasswordResetMailJob): Promise<void> {
    handled.push(`reset ${job.email}`);
  }

  @JobHandler('mail', 'panel-offline')
  async offline(job: PanelOutageMailJob): Promise<void> {
    handled.push(`offline ${job.outageId}`);
  }

  @JobHandler('mail', 'panel-online')
  async online(): Promise<void> {}

  @JobHandler('mail', 'alarm-escalation')
  async escalation(): Promise<void> {}

  @JobHandler('mail', 'invitation')
  async invitation(): Promise<void> {}
}

function alarm(category: 'fire' | 'fault', seq: number): PanelEventMessage {
  return {
    hwaddr: '0011aabbccdd',
    seq,
    networkId: 1,
    category,
    title: category,
    location: 'Zone 1',
    panelDate: '2026-11-01T10:00:00.000Z',
    receivedAt: '2026-11-01T10:00:00.000Z',
  };
}

describe('fire first in the mail queue (real Redis)', () => {
  const prefix = uniqueTestName('job-priority');
  const contexts: INestApplicationContext[] = [];

  async function start(withWorkers: boolean): Promise<INestApplicationContext> {
    const moduleRef = await Test.createTestingModule({
      imports: [
        PlatformModule.forRoot(new RuntimeConfig('job-priority-spec', 'test', 'silent', 0)),
        QueueModule.forRoot(new RedisConfig(TEST_REDIS_URL, prefix)),
        ...(withWorkers ? [JobsModule.forRoot({ queues: { mail: { concurrency: 1 } } })] : []),
      ],
      providers: withWorkers ? [RecordingMailHandlers] : [],
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

  it('takes a fire queued last before the faults and the other mails waiting, the faults next, and the others after them', async () => {
    // Queued while no mailer runs: outage and reset mails, then faults, then one fire.
    const queues = (await start(false)).get(QueueService);
    const outage = { hwaddr: '0011aabbccdd', lostAt: new Date(), restoredAt: null };
    await enqueueMail(queues, [
      ...Array.from({ length: 20 }, (_, index) => panelOutageMailJob('panel-offline', { ...outage, id: index }, 'u')),
      ...Array.from({ length: 20 }, (_, index) =>
        passwordResetMailJob(
          { kind: 'password-reset', email: `r${index}@example.com`, name: 'R', resetPath: '/r', expiresAt: '' },
          `jti-${index}`,
        ),
      ),
    ]);
    await enqueueMail(
      queues,
      Array.from({ length: 10 }, (_, index) => eventAlertJob(alarm('fault', 100 + index), 'u')),
    );
    await enqueueMail(queues, [eventAlertJob(alarm('fire', 1), 'u')]);

    await start(true);
    await waitUntil(() => handled.length === 51, 'every mail sent, the others too');
    expect(handled[0]).toBe('fire 1');
    expect(handled.slice(1, 11)).toEqual(Array.from({ length: 10 }, (_, index) => `fault ${100 + index}`));
    expect(handled.slice(11).every((entry) => entry.startsWith('offline') || entry.startsWith('reset'))).toBe(true);
  });
});
