import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ClaimEntity } from '../entities/claim.entity';
import { UserEntity } from '../entities/user.entity';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { accessGrantingClaims, claimGrantsAccess } from './claim-access.scope';

const ROOT = join(__dirname, '../../../..');
const AUTHED = 'a0b1c2d3e401';
const WAITING = 'a0b1c2d3e402';
const UNAUTHORISED = 'a0b1c2d3e403';

describe('claim access scope', () => {
  let db: TestDatabase;
  let userId: string;
  let otherUserId: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const users = db.dataSource.getRepository(UserEntity);
    userId = (await users.save({ email: 'owner@example.com', fullName: 'Olive Owner', passwordHash: 'x' })).id;
    otherUserId = (await users.save({ email: 'other@example.com', fullName: 'Otto Other', passwordHash: 'x' })).id;
    await db.dataSource.getRepository(ClaimEntity).insert([
      { userId, hwaddr: AUTHED, adminKey: '1234', status: 'AUTHED' },
      { userId, hwaddr: WAITING, adminKey: '1234', status: 'WAITING' },
      { userId, hwaddr: UNAUTHORISED, adminKey: '1234', status: 'UNAUTHORISED' },
      { userId: otherUserId, hwaddr: WAITING, adminKey: '4321', status: 'AUTHED' },
    ]);
  });

  afterAll(() => db.drop());

  it('opens only the panels of AUTHED claims, in a raw query', async () => {
    const rows = await db.dataSource.query<Array<{ hwaddr: string }>>(
      `SELECT c.hwaddr FROM claims c WHERE c.user_id = $1 AND ${claimGrantsAccess('c')} ORDER BY c.hwaddr`,
      [userId],
    );
    expect(rows.map((row) => row.hwaddr)).toEqual([AUTHED]);
  });

  it('opens only the panels of AUTHED claims, in a query builder join', async () => {
    const rows = await db.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('user')
      .innerJoin(ClaimEntity, 'claim', `claim.user_id = user.id AND ${claimGrantsAccess('claim')}`)
      .select(['user.full_name AS "name"', 'claim.hwaddr AS "hwaddr"'])
      .orderBy('claim.hwaddr')
      .getRawMany<{ name: string; hwaddr: string }>();
    expect(rows).toEqual([
      { name: 'Olive Owner', hwaddr: AUTHED },
      { name: 'Otto Other', hwaddr: WAITING },
    ]);
  });

  it('opens only the panels of AUTHED claims, in a find', async () => {
    const claims = db.dataSource.getRepository(ClaimEntity);
    expect((await claims.findBy(accessGrantingClaims({ userId }))).map((claim) => claim.hwaddr)).toEqual([AUTHED]);
    expect(await claims.existsBy(accessGrantingClaims({ userId, hwaddr: WAITING }))).toBe(false);
    expect(await claims.existsBy(accessGrantingClaims({ userId, hwaddr: UNAUTHORISED }))).toBe(false);
    expect(await claims.existsBy(accessGrantingClaims({ userId: otherUserId, hwaddr: WAITING }))).toBe(true);
  });

  it('refuses an alias that is not one', () => {
    expect(() => claimGrantsAccess('c; DROP TABLE claims; --')).toThrow('not an SQL alias');
  });

  it('is the only place the apps write the rule', () => {
    const offenders = ['apps/portal-api/src', 'apps/mailer/src', 'apps/relay-worker/src', 'libs/database/src']
      .flatMap((dir) => sources(join(ROOT, dir)))
      .filter((file) => !file.endsWith('claim-access.scope.ts'))
      .filter((file) => /status\s*(=|:)\s*'AUTHED'/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(offenders).toEqual([]);
  });
});

/** The TypeScript sources under `dir`, tests and test helpers left out (they store AUTHED claims). */
function sources(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['testing', 'migrations', 'e2e'].includes(entry.name)) found.push(...sources(path));
    } else if (entry.name.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(entry.name)) found.push(path);
  }
  return found;
}
