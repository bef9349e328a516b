export const USAGE = `Usage: npm run restore-replay -- --from <ISO time>

  After a PostgreSQL restore (docs/backup-restore.md): reads the PANEL_EVENTS stream from the given
  time (e.g. 2026-11-28T13:40:00Z, a little before the restore point) with a throwaway consumer of
  its own, stores every event the restored database is missing as portal-api stores events (their
  alarms opened or joined), and records what each of those fires and faults owed (relay actions,
  e-mails, webhook messages, pushes, the escalation steps already due) as handled before the restore:
  nothing is driven, sent, posted or pushed again. Events already stored are left as they are; run
  twice, the second run changes nothing. Reads the variables of portal-api, the relay-worker and the
  mailer (docs/configuration.md).`;

export type ReplayArguments = { kind: 'replay'; from: Date } | { kind: 'help' } | { kind: 'usage'; problem: string };

/** An ISO 8601 time with its offset (a time without one would be read in the machine's zone). */
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The command line after `--`. */
export function parseReplayArguments(argv: readonly string[]): ReplayArguments {
  if (argv.some((argument) => ['--help', '-h', 'help'].includes(argument))) return { kind: 'help' };
  const at = argv.indexOf('--from');
  const value = at >= 0 ? argv[at + 1] : argv.find((argument) => argument.startsWith('--from='))?.slice(7);
  const others = argv.filter((argument, index) => index !== at && index !== at + 1 && !argument.startsWith('--from='));
  if (value === undefined) return { kind: 'usage', problem: '--from <ISO time> is required' };
  if (others.length > 0) return { kind: 'usage', problem: `unknown argument '${others[0]}'` };
  const from = new Date(value);
  if (!ISO_WITH_ZONE.test(value) || Number.isNaN(from.getTime()))
    return { kind: 'usage', problem: `--from takes an ISO time with its zone (2026-11-28T13:40:00Z), not '${value}'` };
  return { kind: 'replay', from };
}
