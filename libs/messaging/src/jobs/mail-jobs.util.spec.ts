import type { PanelEventMessage, PasswordResetMailJob } from '@app/contracts';
import { runInLogContext } from '@app/platform';
import { eventAlertJob, MAIL_RETRY_DEFAULTS, panelOutageMailJob, passwordResetMailJob } from './mail-jobs.util';

const event: PanelEventMessage = {
  hwaddr: '0011aabbccdd',
  seq: 42,
  networkId: 1,
  category: 'fire',
  title: 'Fire',
  location: 'Zone 3',
  panelDate: '2026-11-01T10:00:00.000Z',
  receivedAt: '2026-11-01T10:00:01.000Z',
};
const reset: PasswordResetMailJob = {
  kind: 'password-reset',
  email: 'sam@example.com',
  name: 'Sam',
  resetPath: '/resetpass/abc',
  expiresAt: '2026-11-01T11:00:00.000Z',
};

describe('mail jobs', () => {
  it("makes an alert mail's job with an id from the event and the user", () => {
    const job = eventAlertJob(event, 'u:1', { attempts: 3, retryDelayMs: 100 });
    expect(job).toEqual({
      name: 'event-alert',
      data: {
        kind: 'event-alert',
        eventKey: '0011aabbccdd-42',
        correlationId: 'evt-0011aabbccdd-42',
        userId: 'u:1',
        hwaddr: '0011aabbccdd',
        seq: 42,
        event,
      },
      opts: {
        jobId: 'mail-0011aabbccdd-42-u_1',
        attempts: 3,
        backoff: { type: 'exponential', delay: 100 },
        removeOnComplete: { age: 7 * 24 * 3600 },
        removeOnFail: { age: 30 * 24 * 3600 },
      },
    });
  });

  it("makes a reset mail's job with an id from its token, on the same policy by default as an alert mail", () => {
    const job = passwordResetMailJob(reset, 'jti-1');
    expect(job.name).toBe('password-reset');
    expect(job.data).toBe(reset);
    expect(job.opts).toEqual({ ...eventAlertJob(event, 'u').opts, jobId: 'reset-jti-1', priority: 2 });
    expect(job.opts).toMatchObject({ attempts: 12, backoff: { type: 'exponential', delay: 5_000 } });
    expect(MAIL_RETRY_DEFAULTS).toEqual({ attempts: 12, retryDelayMs: 5_000 });
  });

  it('puts a fire mail before a fault mail, and both before outage and reset mails', () => {
    expect(eventAlertJob(event, 'u').opts.priority).toBeUndefined();
    expect(eventAlertJob({ ...event, category: 'fault' }, 'u').opts.priority).toBe(1);
    expect(passwordResetMailJob(reset, 'jti-3').opts.priority).toBe(2);
  });

  it("gives a reset mail's job the correlation id of the request that asked for it", () => {
    const job = runInLogContext({ correlationId: 'req-7' }, () => passwordResetMailJob(reset, 'jti-2'));
    expect(job.data).toEqual({ ...reset, correlationId: 'req-7' });
  });

  it("makes an outage's mails with ids from the kind, the outage and the user, on the same policy", () => {
    const outage = {
      id: 7,
      hwaddr: '0011aabbccdd',
      lostAt: new Date('2026-11-01T10:00:00.000Z'),
      restoredAt: new Date('2026-11-01T10:30:00.000Z'),
    };
    const lost = panelOutageMailJob('panel-offline', outage, 'u:1');
    expect(lost).toEqual({
      name: 'panel-offline',
      data: {
        kind: 'panel-offline',
        outageId: 7,
        userId: 'u:1',
        hwaddr: '0011aabbccdd',
        lostAt: '2026-11-01T10:00:00.000Z',
        restoredAt: null,
      },
      opts: { ...eventAlertJob(event, 'u').opts, jobId: 'panel-offline-0011aabbccdd-7-u_1', priority: 2 },
    });
    const back = panelOutageMailJob('panel-online', outage, 'u:1');
    expect(back.data).toMatchObject({ kind: 'panel-online', restoredAt: '2026-11-01T10:30:00.000Z' });
    expect(back.opts.jobId).toBe('panel-online-0011aabbccdd-7-u_1');
  });
});
