import { NatsConfig } from '@app/config';
import type { LivefeedPublishedMessage } from '@app/contracts';
import { NotificationEntity, UserEntity } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/database/testing';
import { LivePublisher, NatsService } from '@app/messaging';
import { flushNats, listenForTest, removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '@app/messaging/testing';
import { waitUntil } from '@app/testing';
import { NotificationsWriter } from './notifications-writer.service';

const SITE = 'a0b1c2d3e4f5';
const OTHER_SITE = 'a0b1c2d3e4f6';

describe('NotificationsWriter (real PostgreSQL and NATS)', () => {
  const prefix = uniqueTestName('notify');
  let db: TestDatabase;
  let nats: NatsService;
  let writer: NotificationsWriter;
  let ownerId: string;
  const heard: Array<{ subject: string; message: LivefeedPublishedMessage }> = [];
  const listeners: Array<{ stop(): void }> = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    nats = await NatsService.connect(new NatsConfig([TEST_NATS_URL], prefix), 'notifications-int-spec');
    writer = new NotificationsWriter(new LivePublisher(nats));
    ownerId = (
      await db.dataSource
        .getRepository(UserEntity)
        .save({ email: 'owner@example.com', fullName: 'Olive Owner', passwordHash: 'x' })
    ).id;
    for (const subject of [nats.names.subjects.live(SITE), nats.names.subjects.liveUser(ownerId)])
      listeners.push(
        await listenForTest(nats, subject, (message) =>
          heard.push({ subject, message: JSON.parse(message.string()) as LivefeedPublishedMessage }),
        ),
      );
  });

  afterAll(async () => {
    for (const listener of listeners) listener.stop();
    await nats.onApplicationShutdown();
    await removeNatsPrefix(prefix);
    await db.drop();
  });

  it("stores a site's TIME_DESYNC in the caller's transaction, one open per site, and tells the site's sockets", async () => {
    const data = { recorded_time: '2026-03-01T10:00:00.000Z', panel_time: '2026-03-01T09:35:00.000Z' };
    const [first, repeat, elsewhere] = await db.dataSource.transaction(async (manager) => [
      await writer.insert(manager, { type: 'TIME_DESYNC', hwaddr: SITE, data }),
      await writer.insert(manager, { type: 'TIME_DESYNC', hwaddr: SITE, data }),
      await writer.insert(manager, { type: 'TIME_DESYNC', hwaddr: OTHER_SITE, data }),
    ]);
    expect(first).toMatchObject({
      hwaddr: SITE,
      userId: null,
      notificationType: 'TIME_DESYNC',
      notificationData: data,
      title: 'Panel time possibly out of sync',
      resolvedOn: null,
    });
    expect(first?.text).toMatch(/^An event was received at .* while the panel reported the time as /);
    expect(repeat).toBeNull();
    expect(elsewhere?.hwaddr).toBe(OTHER_SITE);
    expect(await db.dataSource.getRepository(NotificationEntity).countBy({ hwaddr: SITE })).toBe(1);

    const sent = writer.announce(first!);
    await waitUntil(() => heard.some((entry) => entry.message.type === 'NotificationEvent'), 'the live message');
    expect(heard).toEqual([
      {
        subject: nats.names.subjects.live(SITE),
        message: { type: 'NotificationEvent', data: { hwaddr: SITE, notification: sent } },
      },
    ]);
    expect(sent).toMatchObject({ id: first!.id, notification_type: 'TIME_DESYNC', resolved_on: null });
    heard.length = 0;
  });

  it("stores a RELAY_FAILURE for the relay's owner alone and tells only the owner", async () => {
    const data = {
      relay_id: 7,
      relay_name: 'Board',
      trigger: 'fire',
      event_seq: 12,
      error: 'connection refused',
      failed_at: '2026-03-01T10:00:00.000Z',
    };
    const stored = await db.dataSource.transaction((manager) =>
      writer.insert(manager, { type: 'RELAY_FAILURE', hwaddr: SITE, userId: ownerId, data }),
    );
    expect(stored).toMatchObject({
      hwaddr: SITE,
      userId: ownerId,
      notificationType: 'RELAY_FAILURE',
      title: 'Relay action failed',
    });
    expect(stored?.text).toMatch(/^Relay Board did not carry out its fire action .*: connection refused$/);

    const sent = writer.announce(stored!);
    await waitUntil(() => heard.length > 0, 'the live message');
    // Whatever went out before this round trip has come back to the listeners (one connection, in order).
    await flushNats(nats);
    expect(heard).toEqual([
      {
        subject: nats.names.subjects.liveUser(ownerId),
        message: { type: 'NotificationEvent', data: { hwaddr: SITE, notification: sent } },
      },
    ]);
    heard.length = 0;
  });

  it('stores nothing when the transaction rolls back', async () => {
    const data = { recorded_time: '2026-03-02T10:00:00.000Z', panel_time: '2026-03-02T09:35:00.000Z' };
    await expect(
      db.dataSource.transaction(async (manager) => {
        await writer.insert(manager, { type: 'TIME_DESYNC', hwaddr: 'a0b1c2d3e4f7', data });
        throw new Error('batch failed');
      }),
    ).rejects.toThrow('batch failed');
    expect(await db.dataSource.getRepository(NotificationEntity).countBy({ hwaddr: 'a0b1c2d3e4f7' })).toBe(0);
  });
});
