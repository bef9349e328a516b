import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { loadConfigOrExit, readDatabaseConfig } from '@app/config';
import { createDataSource } from '@app/database';
import { PanelIdentitiesService } from './panel-identities.service';
import { runPanelsCommand, USAGE } from './panels-command';

/** `npm run panels -- <command>`: the operators' command for the panel identity registry. */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || ['--help', '-h', 'help'].includes(argv[0])) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(argv.length === 0 ? 64 : 0);
  }
  const database = loadConfigOrExit(() => readDatabaseConfig());
  const dataSource = createDataSource({ url: database.url, poolSize: 2, applicationName: 'panel-provisioning' });
  try {
    await dataSource.initialize();
  } catch (error) {
    process.stderr.write(`cannot reach the database at DATABASE_URL: ${(error as Error).message}\n`);
    process.exit(69); // EX_UNAVAILABLE
  }
  try {
    process.exitCode = await runPanelsCommand(argv, {
      identities: new PanelIdentitiesService(dataSource),
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
      readFile: (path) => readFileSync(path, 'utf8'),
    });
  } finally {
    await dataSource.destroy();
  }
}

void main();
