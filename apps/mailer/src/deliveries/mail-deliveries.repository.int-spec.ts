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
    expect(await deliveries.begin(start('mark'))).toEqual({ alreadySent: false, possibleRepeat: false });
    expect(await row('mark')).toEqual({ status: 'queued', attempts: 1, possible_repeats: 0, sending: true });
    await deliveries.failed('mark', 'try later', false);
    expect(await deliveries.begin(start('mark'))).toEqual({ alreadySent: false, possibleRepeat: false });
    expect(await row('mark')).toEqual({ status: 'queued', attempts: 2, possible_repeats: 0, sending: true });
  });

  it('records a start after a crash between the send and its record as a possible repeat', async () => {
    await deliveries.begin(start('crash'));
    // The copy died with the delivery still marked sending: the outcome is unknown.
    expect(await deliveries.begin(start('crash'))).toEqual({ alreadySent: false, possibleRepeat: true });
    await deliveries.sent('crash', new Date());
    expect(await row('crash')).toEqual({ status: 'sent', attempts: 2, possible_repeats: 1, sending: false });
  });

  it('never sends a delivery recorded sent again, nor counts it', async () => {
    await deliveries.begin(start('done'));
    await deliveries.sent('done', new Date());
    expect(await deliveries.begin(start('done'))).toEqual({ alreadySent: true, possibleRepeat: false });
    expect(await row('done')).toEqual({ status: 'sent', attempts: 1, possible_repeats: 0, sending: false });
  });
});
