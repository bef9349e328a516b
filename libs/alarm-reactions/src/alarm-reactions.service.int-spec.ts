import { HANDLED_BEFORE_RESTORE_REASON, type PanelEventMessage } from '@app/contracts';
import { SiteTestModeEntity } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/database/testing';
import type { AlarmChannel, AlarmEvent } from './alarm-channel.types';
import { AlarmReactions } from './alarm-reactions.service';

const SITE = 'a0b1c2d3e5aa';
const OTHER_SITE = 'a0b1c2d3e5ab';
const THIRD_SITE = 'a0b1c2d3e5ac';
const FOURTH_SITE = 'a0b1c2d3e5ad';

/** A channel that owes what it is told to and notes every call made to it. */
class NotingChannel implements AlarmChannel<string> {
  readonly name = 'relay';
  readonly logLines = { queued: 'noted and queued', suppressed: 'noted as suppressed' };
  readonly calls: string[] = [];

  constructor(private readonly owes: string[]) {}

  async owed(alarm: AlarmEvent): Promise<string[]> {
    this.calls.push(`owed ${alarm.category} ${alarm.seq}`);
    return this.owes;
  }

  async recordOwed(alarm: AlarmEvent, owed: readonly string[]): Promise<void> {
    this.calls.push(`recorded ${owed.join(',')}`);
  }

  async enqueue(alarm: AlarmEvent, owed: readonly string[]): Promise<void> {
    this.calls.push(`queued ${owed.join(',')}`);
  }

  async recordSuppressed(alarm: AlarmEvent, owed: readonly string[], reason: string): Promise<void> {
    this.calls.push(`suppressed ${owed.join(',')}: ${reason}`);
  }

  async recordHandledBeforeRestore(alarm: AlarmEvent, owed: readonly string[], reason: string): Promise<void> {
    this.calls.push(`handled ${owed.join(',')}: ${reason}`);
  }

  describe(owed: readonly string[]) {
    return { owed };
  }
}

describe('AlarmReactions (real PostgreSQL)', () => {
  let db: TestDatabase;
  let reactions: AlarmReactions;
  let seq = 0;

  const event = (category: PanelEventMessage['category'], receivedAt = new Date()): PanelEventMessage => ({
    hwaddr: SITE,
    seq: ++seq,
    networkId: 1,
    category,
    title: 'Zone 1',
    panelDate: receivedAt.toISOString(),
    location: 'Hall',
    receivedAt: receivedAt.toISOString(),
  });

  /** A test mode of the site, started by Ann at `startedAt` for an hour from now. */
  async function startTestMode(hwaddr: string, reason: string, startedAt: Date): Promise<void> {
    const repository = db.dataSource.getRepository(SiteTestModeEntity);
    await repository.save(
      repository.create({
        hwaddr,
        startedByName: 'Ann',
        reason,
        startedBy: null,
        startedAt,
        until: new Date(Date.now() + 3_600_000),
      }),
    );
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    reactions = new AlarmReactions(db.dataSource);
  });

  afterAll(() => db.drop());

  it('records what a fire or fault owes and queues it, both before it resolves', async () => {
    const channel = new NotingChannel(['a', 'b']);
    await reactions.react(channel, event('fire'));
    await reactions.react(channel, event('fault'));
    expect(channel.calls).toEqual([
      `owed fire ${seq - 1}`,
      'recorded a,b',
      'queued a,b',
      `owed fault ${seq}`,
      'recorded a,b',
      'queued a,b',
    ]);
  });

  it('asks nothing of the channel for an event that is no alarm, and records nothing when nothing is owed', async () => {
    const channel = new NotingChannel([]);
    await reactions.react(channel, event('system'));
    await reactions.react(channel, event('fire'));
    expect(channel.calls).toEqual([`owed fire ${seq}`]);
  });

  it('records every owed reaction of an alarm of a site in test mode as suppressed, with why, and queues none', async () => {
    await startTestMode(SITE, 'Detector tests', new Date(Date.now() - 60_000));
    const channel = new NotingChannel(['a']);
    await reactions.react(channel, event('fire'));
    expect(channel.calls).toEqual([`owed fire ${seq}`, 'suppressed a: Suppressed: site in test mode (Detector tests)']);
  });

  it("asks an alarm's test-mode decision once for all the channels of a process", async () => {
    const fire = { ...event('fire'), hwaddr: OTHER_SITE };
    const mails = new NotingChannel(['mail']);
    await reactions.react(mails, fire);
    // Were the webhook channel to ask again, it would decide again from the test mode now stored.
    await db.dataSource.query(`DELETE FROM alarm_test_marks WHERE hwaddr = $1 AND event_seq = $2`, [
      OTHER_SITE,
      fire.seq,
    ]);
    await startTestMode(OTHER_SITE, 'Started later', new Date(Date.parse(fire.receivedAt) - 1_000));
    const webhooks = new NotingChannel(['webhook']);
    await reactions.react(webhooks, fire);
    expect([...mails.calls, ...webhooks.calls]).toEqual([
      `owed fire ${fire.seq}`,
      'recorded mail',
      'queued mail',
      `owed fire ${fire.seq}`,
      'recorded webhook',
      'queued webhook',
    ]);
  });

  it('records what an alarm replayed after a database restore owed as handled before it, and queues none', async () => {
    const channel = new NotingChannel(['a', 'b']);
    const fire = { ...event('fire'), hwaddr: THIRD_SITE };
    await reactions.recordHandledBeforeRestore(channel, fire);
    await reactions.recordHandledBeforeRestore(channel, { ...event('system'), hwaddr: THIRD_SITE });
    expect(channel.calls).toEqual([`owed fire ${fire.seq}`, `handled a,b: ${HANDLED_BEFORE_RESTORE_REASON}`]);
  });

  it('records an alarm replayed after a database restore that came in test mode as suppressed, as it was', async () => {
    await startTestMode(FOURTH_SITE, 'Detector tests', new Date(Date.now() - 60_000));
    const channel = new NotingChannel(['a']);
    const fire = { ...event('fire'), hwaddr: FOURTH_SITE };
    await reactions.recordHandledBeforeRestore(channel, fire);
    expect(channel.calls).toEqual([
      `owed fire ${fire.seq}`,
      'suppressed a: Suppressed: site in test mode (Detector tests)',
    ]);
  });
});
