import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../../../..');
const HELPERS = join(ROOT, 'libs/messaging/src/jobs');

/** The TypeScript sources under `dir`, tests and test helpers left out. */
function sources(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'testing', 'web'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sources(path));
    else if (entry.name.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(entry.name)) found.push(path);
  }
  return found;
}

/** A job added, or its retry written, by hand. */
function breaches(text: string): string[] {
  const found: string[] = [];
  if (/\.(add|addBulk)\(/.test(text) && /\.queue(<[^>]*>)?\(/.test(text)) found.push('adds a job itself');
  if (/\bbackoff\s*:/.test(text)) found.push('writes a retry policy');
  return found;
}

/**
 * Each queue's jobs are made and added by its one helper in libs/messaging/src/jobs (mail-jobs.util,
 * relay-action-jobs.util): the id from the data, the attempts and backoff, how long it is kept.
 */
describe('one enqueue helper per queue', () => {
  it('is the only place apps/, libs/ and tools/ add a job or write a retry policy', () => {
    const files = ['apps', 'libs', 'tools'].flatMap((dir) => sources(join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((file) => !file.startsWith(HELPERS))
      .flatMap((file) => breaches(readFileSync(file, 'utf8')).map((what) => `${relative(ROOT, file)} ${what}`));
    expect(offenders).toEqual([]);
  });

  it('finds a breach where there is one', () => {
    expect(breaches('this.queues.queue<MailJob>(QUEUE_NAMES.mail).add(job.kind, job, options)')).toEqual([
      'adds a job itself',
    ]);
    expect(breaches("{ attempts: 12, backoff: { type: 'exponential', delay: 5_000 } }")).toEqual([
      'writes a retry policy',
    ]);
    expect(breaches('await enqueueMail(this.queues, jobs);')).toEqual([]);
  });
});
