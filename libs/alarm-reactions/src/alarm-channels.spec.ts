import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ALARM_CHANNELS } from './alarm-channels.constants';

const ROOT = join(__dirname, '../../..');

/** A class that implements AlarmChannel, where it is and the name it gives. */
interface FoundChannel {
  className: string;
  file: string;
  app: string;
  name: string | undefined;
}

/** The non-test TypeScript sources under `dir`. */
function sources(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'testing'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sources(path));
    else if (entry.name.endsWith('.ts') && !/\.(int-)?spec\.ts$/.test(entry.name)) found.push(path);
  }
  return found;
}

function channelsIn(file: string, text: string): FoundChannel[] {
  const app = relative(ROOT, file).split('/')[1];
  return [...text.matchAll(/export class (\w+) implements AlarmChannel</g)].map((match) => ({
    className: match[1],
    file: relative(ROOT, file),
    app,
    name: /readonly name = '([^']+)'/.exec(text.slice(match.index))?.[1],
  }));
}

/**
 * The text of the app's root module (apps/<app>/src/<app>.module.ts), and of each other module of
 * the app that the root module imports by name (a channel module, which the restore replay imports
 * too): where a channel may be provided.
 */
function modulesOf(app: string): string[] {
  const root = readFileSync(join(ROOT, 'apps', app, 'src', `${app}.module.ts`), 'utf8');
  const imported = sources(join(ROOT, 'apps', app, 'src'))
    .filter((file) => file.endsWith('.module.ts'))
    .map((file) => readFileSync(file, 'utf8'))
    .filter((text) => [...text.matchAll(/export class (\w+Module)\b/g)].some((match) => root.includes(match[1])));
  return [root, ...imported];
}

/**
 * A channel is defined by its class (docs/adding-an-alarm-channel.md); the places derived from it
 * must not miss one: its name listed in ALARM_CHANNELS with its app, the class provided by that
 * app's module (or its consumer never runs), and the channel in the guide's table.
 */
describe('alarm channels', () => {
  const channels = sources(join(ROOT, 'apps')).flatMap((file) => channelsIn(file, readFileSync(file, 'utf8')));
  const guide = readFileSync(join(ROOT, 'docs/adding-an-alarm-channel.md'), 'utf8');

  it('has exactly one class per channel listed in ALARM_CHANNELS, in the app listed for it', () => {
    expect(channels.map((channel) => [channel.name, channel.app]).sort()).toEqual(
      Object.entries(ALARM_CHANNELS).sort(),
    );
  });

  it('keeps each channel class in a file of its own named for it', () => {
    for (const channel of channels) expect(channel.file).toMatch(/\.channel\.ts$/);
  });

  it("provides each channel in its app's module, or a module of the app that it imports", () => {
    for (const channel of channels)
      expect(modulesOf(channel.app).some((text) => text.includes(channel.className))).toBe(true);
  });

  it('lists each channel, with its app, in docs/adding-an-alarm-channel.md', () => {
    for (const [name, app] of Object.entries(ALARM_CHANNELS)) expect(guide).toContain(`| ${name} | ${app} |`);
  });

  it('finds a channel class and its name in a source', () => {
    const text =
      "@Injectable()\nexport class PushAlarmChannel implements AlarmChannel<Device> {\n  readonly name = 'push';";
    expect(channelsIn(join(ROOT, 'apps/notifier/src/push/push-alarm.channel.ts'), text)).toEqual([
      {
        className: 'PushAlarmChannel',
        file: 'apps/notifier/src/push/push-alarm.channel.ts',
        app: 'notifier',
        name: 'push',
      },
    ]);
  });
});
