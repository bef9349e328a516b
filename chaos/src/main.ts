import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { formatMarkdownTable, formatTextTable } from '../../bench/src/report-table.util';
import { CHAOS_USAGE, parseChaosArgs } from './chaos-options.util';
import { CHAOS_HEADERS, chaosProblems, chaosRows } from './chaos-report.util';
import { runChaos } from './chaos-run';

async function main(): Promise<number> {
  const options = parseChaosArgs(process.argv.slice(2));
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  mkdirSync('chaos/results', { recursive: true });
  // The apps' own lines go to a file: they are the evidence when a figure is wrong.
  const appLog = createWriteStream(`chaos/results/${stamp}.log`);
  const log = (line: string) => {
    const stamped = `${new Date().toISOString()} [chaos] ${line}`;
    process.stdout.write(`${stamped}\n`);
    appLog.write(`${stamped}\n`);
  };
  const shape = options.cluster ? '3 NATS servers (streams on 3), 2 copies of every app; ' : '';
  const size = `${shape}${options.panels} panels at ${options.rate} events/s, an alarm every ${options.alarmEvery} s`;
  log(`faults: ${options.faults.join(', ')}; ${size}`);
  const result = await runChaos(options, log, (line) => appLog.write(`${new Date().toISOString()} ${line}\n`));
  const rows = chaosRows(result);
  const problems = chaosProblems(result);
  writeFileSync(`chaos/results/${stamp}.json`, `${JSON.stringify({ options, result, problems }, null, 2)}\n`);
  writeFileSync(`chaos/results/${stamp}.md`, `${formatMarkdownTable(rows, CHAOS_HEADERS)}\n`);
  const table = formatTextTable(rows, CHAOS_HEADERS);
  process.stdout.write(
    `\n${table}\n\nrun: ${result.seconds.toFixed(0)} s; results and app logs: chaos/results/${stamp}.*\n`,
  );
  for (const problem of problems) process.stdout.write(`PROBLEM ${problem}\n`);
  await new Promise<void>((resolve) => appLog.end(resolve));
  return problems.length === 0 ? 0 : 1;
}

// Interrupted: exit, so that the run's 'exit' hooks kill the servers and apps it started.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    process.stderr.write(`chaos: ${signal}, stopping what the run started\n`);
    process.exit(130);
  });

main().then(
  // Client libraries may keep idle handles (pools, timers); the run is over once its report is out.
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`chaos failed: ${(error as Error).stack ?? String(error)}\n${CHAOS_USAGE}\n`);
    process.exit(2);
  },
);
