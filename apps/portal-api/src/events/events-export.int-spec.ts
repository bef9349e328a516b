import { request as httpRequest, type IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { MESSAGES, formatEventTime } from '@app/contracts';
import { ClaimEntity } from '@app/database';
import { waitUntil } from '@app/testing';
import { claimsTokenOf, registerUniqueUser, uniqueHwaddr, type TestUser } from '../e2e/portal-panel-harness';
import { startPortalApiTestApp, type PortalApiTestApp } from '../testing/portal-api-test-app';
import { EVENTS_EXPORT_BUSY, EVENTS_EXPORTS_PER_USER } from './events-export.constants';
import { CsvReader } from './testing/csv-reader';

const EVENTS = 100_000;
/** 18 MB of CSV: seconds on a quiet machine, several times that when every core is taken. */
const BIG_EXPORT_TIMEOUT_MS = 120_000;
/** The newest event's date; each older one 5 minutes before the next: 100,000 events over 347 days. */
const NEWEST = Date.parse('2025-06-30T23:59:00.000Z');
const STEP_MS = 5 * 60 * 1000;
const RANGE = 'start=2024-06-01T00:00:00.000Z&end=2025-06-30T23:59:59.999Z';
/** How often the download measures what the process holds (each measure is a full garbage collection). */
const SAMPLE_EVERY_CHARS = 6 * 2 ** 20;
const HEADER = ['Date (UTC)', 'Network', 'Category', 'Title', 'Location', 'Event ID', 'Test', 'Panel time (UTC)'];
/** Every event whose index is a multiple of this arrived during a test mode. */
const TEST_EVERY = 7;
/** Events whose text needs quoting, a formula guard or more than ASCII, by their index. */
const AWKWARD: Record<number, { title: string; location: string }> = {
  12345: { title: 'Fire, "zone 3"\nfloor 2', location: '=HYPERLINK("http://evil.example","x")' },
  12346: { title: '-5V supply low', location: '@SUM(A1:A9)' },
  12347: { title: 'Café ✓ Zone 9', location: '+44 113 496 0777' },
};
/** Every other event is about 180 bytes of CSV: the whole file is about 18 MB. */
const PADDING = 'Building A east corridor '.repeat(4);

/** A full garbage collection (V8's gc() made reachable at run time: Jest starts Node without --expose-gc). */
const collectGarbage = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/** What this process holds, the JavaScript heap and buffers, once garbage not yet collected is gone. */
function retainedBytes(): number {
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

describe('GET /api/v2/sites/{hwaddr}/events/export (real PostgreSQL and Redis)', () => {
  let portal: PortalApiTestApp;
  let owner: TestUser;
  let token: string;
  const hwaddr = uniqueHwaddr();

  beforeAll(async () => {
    portal = await startPortalApiTestApp({}, { listen: true });
    owner = await registerUniqueUser(portal, 'Owner');
    const db = portal.environment.database.dataSource;
    await db.getRepository(ClaimEntity).insert({
      userId: owner.id,
      hwaddr,
      adminKey: '1234',
      status: 'AUTHED',
      nickname: 'Depot, North',
    });
    token = await claimsTokenOf(portal, owner);
    const awkward = (field: 'title' | 'location', otherwise: string) =>
      `CASE i ${Object.entries(AWKWARD)
        .map(([index, texts]) => `WHEN ${index} THEN ${literal(texts[field])}`)
        .join(' ')} ELSE ${otherwise} END`;
    await db.query(
      `INSERT INTO events (hwaddr, network_id, seq, category, title, date, received_at, location, test)
       SELECT $1, (1 + i % 2)::smallint, i, (ARRAY['fire','fault','system','service','technical'])[1 + i % 5],
              ${awkward('title', `'Detector ' || i || ' in zone ' || (i % 40)`)},
              $2::timestamptz - i * interval '5 minutes', $2::timestamptz - i * interval '5 minutes',
              ${awkward('location', `'Loop ' || (1 + i % 4) || ', device ' || (i % 250) || ', ' || $3`)},
              i % ${TEST_EVERY} = 0
         FROM generate_series(0, ${EVENTS - 1}) AS i`,
      [hwaddr, new Date(NEWEST), PADDING],
    );
    // Another site's events in the same range, which no export of this site may hold.
    await db.query(
      `INSERT INTO events (hwaddr, network_id, seq, category, title, date, received_at, location)
       SELECT $1, 1, i, 'fire', 'Not this site', $2::timestamptz - i * interval '1 hour',
              $2::timestamptz - i * interval '1 hour', 'N/A'
         FROM generate_series(0, 99) AS i`,
      [uniqueHwaddr(), new Date(NEWEST)],
    );
  });

  afterAll(() => portal?.close());

  function literal(text: string): string {
    return `'${text.replace(/'/g, "''")}'`;
  }

  const list = (query: string, bearer = token) =>
    request(portal.server).get(`/api/v2/sites/${hwaddr}/events?${query}`).set('Authorization', `Bearer ${bearer}`);
  const exportOf = (query: string, bearer = token) =>
    request(portal.server)
      .get(`/api/v2/sites/${hwaddr}/events/export?${query}`)
      .set('Authorization', `Bearer ${bearer}`)
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => done(null, text));
      });

  /** An export opened over HTTP and left unread: the server holds it at the socket's back-pressure. */
  function openExport(query = RANGE): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: portal.port,
          path: `/api/v2/sites/${hwaddr}/events/export?${query}`,
          headers: { Authorization: `Bearer ${token}` },
        },
        (response) => {
          response.pause();
          resolve(response);
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  /** An export opened once one of the user's slots is free (an export cut off gives its slot back as it ends). */
  const exportOnceFree = (query = RANGE) =>
    waitUntil(async () => {
      const response = await openExport(query);
      if (response.statusCode === 200) return response;
      response.resume();
      return undefined;
    }, 'a free export slot');

  const appPool = () => {
    const driver = portal.app.get(DataSource).driver as unknown as {
      master: { totalCount: number; idleCount: number; waitingCount: number };
    };
    return driver.master;
  };

  it(
    'downloads every event of the range as CSV, streamed, while the heap stays flat',
    async () => {
      const baseline = retainedBytes();
      let peak = baseline;
      let received = 0;
      let sampledAt = -Infinity;
      const rows: string[][] = [];
      let header: string[] | undefined;
      let count = 0;
      let misMarked = 0;
      let first: string[] | undefined;
      let last: string[] | undefined;
      let firstChar = '';
      const reader = new CsvReader((record) => {
        if (header === undefined) header = record;
        else {
          // The rows are newest first: the n-th is the event inserted with i = n.
          if (record[6] !== (count % TEST_EVERY === 0 ? 'Test' : '')) misMarked++;
          count++;
          first ??= record;
          last = record;
          if (Object.values(AWKWARD).some(({ title }) => title === record[3].replace(/^'/, ''))) rows.push(record);
        }
      });

      const response = await openExport();
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="events-depot-north-2024-06-01-2025-06-30.csv"',
      );
      response.setEncoding('utf8');
      await new Promise<void>((resolve, reject) => {
        response.on('data', (chunk: string) => {
          if (firstChar === '') {
            firstChar = chunk[0];
            chunk = chunk.slice(1);
          }
          reader.push(chunk);
          // At the first bytes a server that read the whole range first would hold all of it; then now and then.
          received += chunk.length;
          if (received - sampledAt >= SAMPLE_EVERY_CHARS) {
            sampledAt = received;
            peak = Math.max(peak, retainedBytes());
          }
        });
        response.on('end', resolve);
        response.on('error', reject);
        response.resume();
      });

      expect(firstChar).toBe('\uFEFF');
      expect(header).toEqual(HEADER);
      expect(count).toBe(EVENTS);
      expect(misMarked).toBe(0);
      expect(first?.slice(0, 5)).toEqual([
        formatEventTime(NEWEST),
        '1',
        'Fire',
        'Detector 0 in zone 0',
        `Loop 1, device 0, ${PADDING}`,
      ]);
      expect(first?.[0]).toBe('30/06/2025 23:59:00');
      expect(last?.slice(0, 4)).toEqual([
        formatEventTime(NEWEST - (EVENTS - 1) * STEP_MS),
        '2',
        'Technical',
        'Detector 99999 in zone 39',
      ]);
      expect(rows.map((row) => row.slice(0, 5))).toEqual(
        Object.entries(AWKWARD).map(([index, { title, location }]) => [
          formatEventTime(NEWEST - Number(index) * STEP_MS),
          String(1 + (Number(index) % 2)),
          ['Fire', 'Fault', 'System', 'Service', 'Technical'][Number(index) % 5],
          title.startsWith('-') ? `'${title}` : title,
          `'${location}`,
        ]),
      );
      // The server runs in this process: an export held in memory (18 MB of CSV and the rows it came
      // from) would show here, as would rows read ahead of a client that cannot keep up.
      const growthMb = (peak - baseline) / 2 ** 20;
      console.info(`export of ${EVENTS} events: at most ${growthMb.toFixed(1)} MB more held during the download`);
      expect(growthMb).toBeLessThan(50);
    },
    BIG_EXPORT_TIMEOUT_MS,
  );

  it("holds exactly the events list's matches for its network and category filters", async () => {
    for (const query of [
      `${RANGE}&networkId=2&category=fault`,
      `${RANGE}&category=fire`,
      'start=2025-06-30T00:00:00.000Z',
    ]) {
      const total = (await list(`${query}&limit=1`).expect(200)).body.total as number;
      const records: string[][] = [];
      new CsvReader((record) => records.push(record)).push((await exportOf(query).expect(200)).body as string);
      expect(records.length - 1).toBe(total);
      expect(total).toBeGreaterThan(0);
    }
  });

  it('names the panel and the category in the file name when the export holds only theirs', async () => {
    const named = async (query: string) =>
      (await exportOf(query).expect(200)).headers['content-disposition'] as string | undefined;
    expect(await named(`${RANGE}&networkId=2&category=fault`)).toBe(
      'attachment; filename="events-depot-north-panel-2-fault-2024-06-01-2025-06-30.csv"',
    );
    expect(await named(`${RANGE}&category=fire`)).toBe(
      'attachment; filename="events-depot-north-fire-2024-06-01-2025-06-30.csv"',
    );
  });

  it('refuses a bad query with 400 and the same { err } as the events list', async () => {
    for (const query of [
      'start=yesterday',
      'start=2025-01-02T00:00:00.000Z&end=2025-01-01T00:00:00.000Z',
      'networkId=100',
      'networkId=x',
      'category=alarm',
    ]) {
      const listed = await list(query).expect(400);
      const exported = await exportOf(query).expect(400);
      expect(exported.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(exported.body as string)).toEqual(listed.body);
      expect(listed.body).toEqual({ err: expect.any(String) });
    }
    // Paging belongs to the list: an export holds every match.
    expect(JSON.parse((await exportOf('limit=20').expect(400)).body as string)).toEqual({
      err: 'limit is not an accepted field',
    });
  });

  it('refuses a user whose claim is not AUTHED, or who has none', async () => {
    const other = await registerUniqueUser(portal, 'Other');
    const claims = portal.environment.database.dataSource.getRepository(ClaimEntity);
    await claims.insert({ userId: other.id, hwaddr, adminKey: '1234', status: 'AUTHED' });
    const otherToken = await claimsTokenOf(portal, other);
    const today = 'start=2025-06-30T23:00:00.000Z';
    await exportOf(today, otherToken).expect(200);

    // The token still lists the panel, but the claim no longer opens it.
    await claims.update({ userId: other.id, hwaddr }, { status: 'UNAUTHORISED' });
    const refused = await exportOf(today, otherToken).expect(403);
    expect(JSON.parse(refused.body as string)).toEqual({ err: MESSAGES.noPanelAccess });

    const stranger = await registerUniqueUser(portal, 'Stranger');
    const strangerRefused = await exportOf(today, await claimsTokenOf(portal, stranger)).expect(403);
    expect(JSON.parse(strangerRefused.body as string)).toEqual({ err: MESSAGES.noPanelAccess });
    await exportOf(today, '').expect(401);
  });

  it('runs two exports of a user at a time, refusing a third with 429 until one ends', async () => {
    const running: IncomingMessage[] = [];
    try {
      for (let slot = 0; slot < EVENTS_EXPORTS_PER_USER; slot++) running.push(await exportOnceFree());
      const refused = await exportOf(RANGE).expect(429);
      expect(JSON.parse(refused.body as string)).toEqual({ err: EVENTS_EXPORT_BUSY });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      running.shift()?.destroy();
      running.push(await exportOnceFree('start=2025-06-30T23:00:00.000Z'));
    } finally {
      for (const response of running) response.destroy();
    }
  });

  it('stops an export whose client goes away, giving back its database connection and its slot', async () => {
    const response = await exportOnceFree();
    // The first rows arrive, then the client leaves mid-export.
    await new Promise((resolve) => {
      response.once('data', resolve);
      response.resume();
    });
    response.destroy();

    const pool = appPool();
    await waitUntil(() => pool.idleCount === pool.totalCount && pool.waitingCount === 0, 'every connection idle');
    // Both of the user's slots free again: the cut-off export ended and gave its own back.
    const first = await exportOnceFree();
    const second = await exportOnceFree().finally(() => first.destroy());
    second.destroy();
  });
});
