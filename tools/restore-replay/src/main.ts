import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit } from '@app/config';
import { parseReplayArguments, USAGE } from './replay-arguments.util';
import { loadRestoreReplayConfig } from './restore-replay.config';
import { RestoreReplayModule } from './restore-replay.module';
import { RestoreReplay } from './restore-replay.service';

/** EX_USAGE and EX_UNAVAILABLE of sysexits. */
const EXIT = { ok: 0, failed: 1, usage: 64, unavailable: 69 } as const;

/** `npm run restore-replay -- --from <ISO time>`: after a database restore, see docs/backup-restore.md. */
async function main(): Promise<void> {
  const parsed = parseReplayArguments(process.argv.slice(2));
  if (parsed.kind !== 'replay') {
    process.stderr.write(`${parsed.kind === 'usage' ? `${parsed.problem}\n\n` : ''}${USAGE}\n`);
    process.exit(parsed.kind === 'usage' ? EXIT.usage : EXIT.ok);
  }
  const config = loadConfigOrExit(() => loadRestoreReplayConfig());
  let app: Awaited<ReturnType<typeof NestFactory.createApplicationContext>>;
  try {
    app = await NestFactory.createApplicationContext(RestoreReplayModule.forRoot(config), {
      bufferLogs: true,
      abortOnError: false,
    });
    app.useLogger(app.get(Logger));
  } catch (error) {
    process.stderr.write(`cannot reach PostgreSQL, NATS or Redis: ${(error as Error).message}\n`);
    process.exit(EXIT.unavailable);
  }
  try {
    const outcome = await app.get(RestoreReplay).replay(parsed.from);
    process.stdout.write(
      `read ${outcome.read} events of PANEL_EVENTS from ${parsed.from.toISOString()}; stored ${outcome.stored} ` +
        `the database was missing, ${outcome.alarms} of them fires or faults whose reactions are recorded ` +
        `handled before the restore\n`,
    );
    for (const message of outcome.refused)
      process.stdout.write(`not stored: stream sequence ${message.streamSeq} (${message.subject}): ${message.error}\n`);
    process.exitCode = EXIT.ok;
  } catch (error) {
    process.stderr.write(`replay stopped: ${(error as Error).message}; running it again resumes it\n`);
    process.exitCode = EXIT.failed;
  } finally {
    await app.close();
  }
}

void main();
