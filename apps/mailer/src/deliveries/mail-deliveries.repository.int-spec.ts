import type { EventAlertMailJob, PanelOutageMailJob } from '@app/contracts';
import { alarmMailJobId, recordOwedAlarmMails, UserEntity } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/database/testing';
import { MailDeliveries, type DeliveryStart } from './mail-deliveries.repository';

describe('MailDeliveries (real PostgreSQL)', () => {
  let database: TestDatabase;
  let deliveries: MailDeliveries;

  beforeAll(async () => {
    database = await createTestDatabase();
    deliveries = new MailDeliveries(database.dataSource);
  });

  afterAll(async () => {
    await database.drop();
  });

  function start(jobId: string): DeliveryStart {
    return { jobId, kind: 'password-reset', recipient: 'a@example.com', userId: null, hwaddr: null, eventSeq: null };
  }

  async function row(
    jobId: string,
  ): Promise<{ status: string; attempts: number; possible_repeats: number; sending: boolean }> {
    const rows = await database.dataSource.query(
      `SELECT status, attempts, possible_repeats, sending_since IS NOT NULL AS sending FROM mail_deliveries WHERE job_id = $1`,
      [jobId],
    );
    return rows[0];
  }

  it('marks a delivery as sending before the send and counts each start', async () => {
    expect(await deliveries.begin(start('mark'))).toEqual({
      alreadySent: false,
      possibleRepeat: false,
      withheld: false,
    });
    expect(await row('mark')).toEqual({ status: 'queued', attempts: 1, possible_repeats: 0, sending: true });
    await deliveries.failed('mark', 'try later', false);
    expect(await deliveries.begin(start('mark'))).toEqual({
      alreadySent: false,
      possibleRepeat: false,
      withheld: false,
    });
    expect(await row('mark')).toEqual({ status: 'queued', attempts: 2, possible_repeats: 0, sending: true });
  });

  it('records the try after one that may have been accepted (no answer came) as a possible repeat', async () => {
    await deliveries.begin(start('silent'));
    await deliveries.failed('silent', 'ETIMEDOUT: Timeout', false, true);
    expect(await deliveries.begin(start('silent'))).toEqual({
      alreadySent: false,
      possibleRepeat: true,
      withheld: false,
    });
    expect(await row('silent')).toEqual({ status: 'queued', attempts: 2, possible_repeats: 1, sending: true });
  });

  it('records a start after a crash between the send and its record as a possible repeat', async () => {
    await deliveries.begin(start('crash'));
    // The copy died with the delivery still marked sending: the outcome is unknown.
    expect(await deliveries.begin(start('crash'))).toEqual({
      alreadySent: false,
      possibleRepeat: true,
      withheld: false,
    });
    await deliveries.sent('crash', new Date());
    expect(await row('crash')).toEqual({ status: 'sent', attempts: 2, possible_repeats: 1, sending: false });
  });

  it('never sends a delivery recorded sent again, nor counts it', async () => {
    await deliveries.begin(start('done'));
    await deliveries.sent('done', new Date());
    expect(await deliveries.begin(start('done'))).toEqual({
      alreadySent: true,
      possibleRepeat: false,
      withheld: false,
    });
    expect(await row('done')).toEqual({ status: 'sent', attempts: 1, possible_repeats: 0, sending: false });
  });

  it('never begins a delivery withheld before it began (its alarm acknowledged), nor counts it', async () => {
    await deliveries.suppressed(start('withheld'), 'Acknowledged by Ann before it was due');
    expect(await deliveries.begin(start('withheld'))).toEqual({
      alreadySent: false,
      possibleRepeat: false,
      withheld: true,
    });
    expect(await row('withheld')).toEqual({ status: 'suppressed', attempts: 0, possible_repeats: 0, sending: false });
  });

  it("records the mails an alarm owes before any try, to the user's address, once, and closes one no longer owed", async () => {
    const user = await database.dataSource
      .getRepository(UserEntity)
      .save({ email: 'owed@example.com', fullName: 'Owed', passwordHash: 'x' });
    const hwaddr = '0011aabbcc77';
    const alert = { kind: 'event-alert', userId: user.id, hwaddr, seq: 9 } as EventAlertMailJob;
    const offline = { kind: 'panel-offline', userId: user.id, hwaddr, outageId: 4 } as PanelOutageMailJob;
    await recordOwedAlarmMails(database.dataSource, [alert, offline]);
    const owed = await database.dataSource.query(
      `SELECT job_id, kind, recipient, user_id, hwaddr, event_seq::int, outage_id::int, status, attempts
       FROM mail_deliveries WHERE user_id = $1 ORDER BY kind`,
      [user.id],
    );
    expect(owed).toEqual([
      {
        job_id: alarmMailJobId(alert),
        kind: 'event-alert',
        recipient: 'owed@example.com',
        user_id: user.id,
        hwaddr,
        event_seq: 9,
        outage_id: null,
        status: 'queued',
        attempts: 0,
      },
      {
        job_id: alarmMailJobId(offline),
        kind: 'panel-offline',
        recipient: 'owed@example.com',
        user_id: user.id,
        hwaddr,
        event_seq: null,
        outage_id: 4,
        status: 'queued',
        attempts: 0,
      },
    ]);
    // A redelivered alarm records nothing more: a try already counted stays counted.
    await deliveries.begin({ ...start(alarmMailJobId(alert)), kind: 'event-alert' });
    await recordOwedAlarmMails(database.dataSource, [alert]);
    expect(await row(alarmMailJobId(alert))).toMatchObject({ status: 'queued', attempts: 1 });

    await deliveries.notOwed(alarmMailJobId(offline), 'Not sent');
    expect(await row(alarmMailJobId(offline))).toMatchObject({ status: 'failed', attempts: 0 });
    // A mail sent is left as it is.
    await deliveries.sent(alarmMailJobId(alert), new Date());
    await deliveries.notOwed(alarmMailJobId(alert), 'Not sent');
    expect(await row(alarmMailJobId(alert))).toMatchObject({ status: 'sent' });
  });
});
