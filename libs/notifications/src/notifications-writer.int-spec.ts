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

  it("stores a site's PANEL_OFFLINE, resolves it as the portal with its new text, and re-opens it", async () => {
    const site = 'a0b1c2d3e4f8';
    const lost = {
      lost_at: '2026-03-03T10:00:00.000Z',
      restored_at: null,
      losses: 1,
      first_lost_at: '2026-03-03T10:00:00.000Z',
    };
    const stored = await db.dataSource.transaction((manager) =>
      writer.insert(manager, { type: 'PANEL_OFFLINE', hwaddr: site, data: lost }),
    );
    expect(stored).toMatchObject({
      hwaddr: site,
      userId: null,
      title: 'Panel communication lost',
      text: 'No communication with the panel since 03/03/2026 10:00:00 (UTC).',
      resolvedOn: null,
    });

    const restoredAt = new Date('2026-03-03T10:05:00.000Z');
    const restored = await db.dataSource.transaction((manager) =>
      writer.revise(manager, stored!.id, {
        data: { ...lost, restored_at: restoredAt.toISOString() },
        resolvedAt: restoredAt,
      }),
    );
    expect(restored).toMatchObject({ resolvedBy: null, resolvedByName: 'System', resolvedOn: restoredAt });
    expect(restored!.text).toBe(
      'No communication with the panel from 03/03/2026 10:00:00 (UTC). Communication restored at 03/03/2026 10:05:00 (UTC).',
    );
    const told: LivefeedPublishedMessage[] = [];
    const listener = await listenForTest(nats, nats.names.subjects.live(site), (message) =>
      told.push(JSON.parse(message.string()) as LivefeedPublishedMessage),
    );
    try {
      const sent = writer.announce(restored!);
      expect(sent).toMatchObject({ resolved_by: 'System', resolved_on: restoredAt.toISOString() });
      await waitUntil(() => told.length > 0, 'the live message');
      expect(told).toEqual([{ type: 'NotificationEvent', data: { hwaddr: site, notification: sent } }]);
    } finally {
      listener.stop();
    }

    const again = { ...lost, lost_at: '2026-03-03T10:09:00.000Z', losses: 2 };
    const reopened = await db.dataSource.transaction((manager) =>
      writer.revise(manager, stored!.id, { data: again, resolvedAt: null }),
    );
    expect(reopened).toMatchObject({ id: stored!.id, resolvedByName: null, resolvedOn: null, notificationData: again });
    expect(reopened!.text).toContain('Communication was lost 2 times since 03/03/2026 10:00:00 (UTC).');
    expect(
      await db.dataSource.transaction((manager) => writer.revise(manager, 999_999, { data: again, resolvedAt: null })),
    ).toBeNull();
  });

  it('keeps the name of whoever resolved it first when the portal resolves it later', async () => {
    const site = 'a0b1c2d3e4f9';
    const lost = {
      lost_at: '2026-03-04T10:00:00.000Z',
      restored_at: null,
      losses: 1,
      first_lost_at: '2026-03-04T10:00:00.000Z',
    };
    const stored = await db.dataSource.transaction((manager) =>
      writer.insert(manager, { type: 'PANEL_OFFLINE', hwaddr: site, data: lost }),
    );
    const byHand = new Date('2026-03-04T10:01:00.000Z');
    await db.dataSource
      .getRepository(NotificationEntity)
      .update({ id: stored!.id }, { resolvedBy: ownerId, resolvedByName: 'Olive Owner', resolvedOn: byHand });
    const restored = await db.dataSource.transaction((manager) =>
      writer.revise(manager, stored!.id, {
        data: { ...lost, restored_at: '2026-03-04T10:05:00.000Z' },
        resolvedAt: new Date('2026-03-04T10:05:00.000Z'),
      }),
    );
    expect(restored).toMatchObject({ resolvedBy: ownerId, resolvedByName: 'Olive Owner', resolvedOn: byHand });
    expect(restored!.text).toContain('Communication restored at 04/03/2026 10:05:00 (UTC).');
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
