import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../../..');

/** The TypeScript sources under `dir`, tests, test helpers and migrations left out. */
function sources(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'testing', 'migrations', 'web'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sources(path));
    else if (entry.name.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(entry.name)) found.push(path);
  }
  return found;
}

/** A notification stored or announced by hand. */
function breaches(text: string): string[] {
  const found: string[] = [];
  if (/INSERT\s+INTO\s+notifications\b/i.test(text)) found.push('inserts a notification');
  if (/getRepository\(NotificationEntity\)\s*\.\s*(save|insert)\(/.test(text)) found.push('saves a notification');
  if (/type:\s*'NotificationEvent'/.test(text)) found.push('builds a NotificationEvent');
  return found;
}

/**
 * Every app stores a notification and sends its live NotificationEvent through NotificationsWriter
 * (@app/notifications), so that its title, text, recipient and live message are the same whoever
 * raises it.
 */
describe('one writer of notifications', () => {
  it('is NotificationsWriter: no other source of apps/ or libs/ stores or announces one', () => {
    const files = ['apps', 'libs'].flatMap((dir) => sources(join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((file) => !file.startsWith(join(ROOT, 'libs/notifications/')))
      .flatMap((file) => breaches(readFileSync(file, 'utf8')).map((what) => `${relative(ROOT, file)} ${what}`));
    expect(offenders).toEqual([]);
  });

  it('finds a breach where there is one', () => {
    expect(breaches('`INSERT INTO notifications (hwaddr) VALUES ($1)`')).toEqual(['inserts a notification']);
    expect(breaches('manager.getRepository(NotificationEntity).save({ hwaddr })')).toEqual(['saves a notification']);
    expect(breaches("const message = { type: 'NotificationEvent', data }")).toEqual(['builds a NotificationEvent']);
    expect(breaches('this.notifications.insert(manager, draft)')).toEqual([]);
  });
});
