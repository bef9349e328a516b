import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../../../..');

/**
 * Services being converted to DomainError by their own change; the rule holds everywhere else.
 * Remove an entry once its services throw DomainError.
 */
const CONVERTING: readonly string[] = [];

/** Every `*.service.ts` under `dir`. */
function services(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...services(path));
    else if (entry.name.endsWith('.service.ts')) found.push(path);
  }
  return found;
}

/** HTTP exceptions a file makes or derives from (Nest's all end in Exception). */
function breaches(text: string): string[] {
  const found = [...text.matchAll(/\bnew\s+([A-Z]\w*Exception)\s*\(/g)].map((match) => `new ${match[1]}`);
  found.push(...[...text.matchAll(/\bextends\s+([A-Z]\w*Exception)\b/g)].map((match) => `extends ${match[1]}`));
  return found;
}

/**
 * Services say what went wrong with a DomainError (@app/platform) and the API's exception filter
 * answers it: a service never speaks HTTP, so it serves a NATS handler or a job as well as a route.
 * Controllers, guards, pipes and filters may still throw Nest's HTTP exceptions.
 */
describe('services throw domain errors, not HTTP exceptions', () => {
  it('holds for every *.service.ts of apps/, libs/ and tools/', () => {
    const files = ['apps', 'libs', 'tools'].flatMap((dir) => services(join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(50);
    const offenders = files
      .map((file) => relative(ROOT, file))
      .filter((file) => !CONVERTING.some((prefix) => file.startsWith(prefix)))
      .flatMap((file) => breaches(readFileSync(join(ROOT, file), 'utf8')).map((what) => `${file}: ${what}`));
    expect(offenders).toEqual([]);
  });

  it('finds a breach where there is one', () => {
    expect(breaches("throw new NotFoundException({ err: 'Relay not found' });")).toEqual(['new NotFoundException']);
    expect(breaches('throw new HttpException({ err }, HttpStatus.GATEWAY_TIMEOUT);')).toEqual(['new HttpException']);
    expect(breaches('return new ForbiddenException(body);')).toEqual(['new ForbiddenException']);
    expect(breaches('class TooManyWrongKeys extends HttpException {}')).toEqual(['extends HttpException']);
    expect(breaches("throw new DomainError('not-found', 'Relay not found');")).toEqual([]);
  });
});
