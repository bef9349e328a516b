/** The faults a run knows, in the order a default run injects them. */
export const FAULT_NAMES = [
  'kill-portal-api',
  'kill-panel-gateway',
  'kill-relay-worker',
  'kill-mailer',
  'kill-nats',
  'kill-redis',
  'kill-postgres',
  'drop-postgres',
  'drop-panels',
  'kill-relay-worker-mid-pulse',
  'kill-mailer-mid-send',
  'crash-loop-relay-worker',
  'crash-loop-mailer',
] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

export interface ChaosOptions {
  faults: FaultName[];
  /** Simulated panels of the steady stream (the alarm site's panel comes on top). */
  panels: number;
  /** Events per second over those panels. */
  rate: number;
  /** Seconds between a fire or a fault from the alarm site (they alternate). */
  alarmEvery: number;
  /** Seconds of steady running before the first fault and after each recovery. */
  gap: number;
  /** Seconds NATS, Redis and PostgreSQL stay down when killed. */
  outage: number;
  /** Seconds between the live browser's periodic refetches. */
  refetchSeconds: number;
  /** Longest wait, in seconds, for the apps to be green again, and for the run to settle at the end. */
  settle: number;
}

export const DEFAULT_CHAOS_OPTIONS: ChaosOptions = {
  faults: [...FAULT_NAMES],
  panels: 26,
  rate: 200,
  alarmEvery: 3,
  gap: 20,
  outage: 2,
  refetchSeconds: 60,
  settle: 120,
};

const SIZES: ReadonlyArray<keyof Omit<ChaosOptions, 'faults'>> = [
  'panels',
  'rate',
  'alarmEvery',
  'gap',
  'outage',
  'refetchSeconds',
  'settle',
];

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

export const CHAOS_USAGE = [
  'usage: npm run chaos -- [--faults name,name,...] ' + SIZES.map((name) => `[--${kebab(name)} N]`).join(' '),
  `faults: ${FAULT_NAMES.join(', ')}`,
].join('\n');

/** Reads `--name value` or `--name=value` pairs over the defaults; throws naming a bad one. */
export function parseChaosArgs(args: readonly string[]): ChaosOptions {
  const options: ChaosOptions = { ...DEFAULT_CHAOS_OPTIONS, faults: [...DEFAULT_CHAOS_OPTIONS.faults] };
  const pairs: Array<[string, string | undefined]> = [];
  for (let index = 0; index < args.length; index++) {
    const [flag, inline] = args[index].split(/=(.*)/s, 2);
    pairs.push([flag, inline ?? args[++index]]);
  }
  for (const [flag, value] of pairs) {
    if (flag === '--faults') {
      const names = (value ?? '').split(',').filter(Boolean);
      const unknown = names.filter((name) => !(FAULT_NAMES as readonly string[]).includes(name));
      if (names.length === 0 || unknown.length > 0)
        throw new Error(`--faults: unknown or missing fault '${unknown.join(',')}'\n${CHAOS_USAGE}`);
      options.faults = names as FaultName[];
      continue;
    }
    const size = SIZES.find((name) => `--${kebab(name)}` === flag);
    if (!size) throw new Error(`unknown argument '${flag}'\n${CHAOS_USAGE}`);
    const number = Number(value);
    if (value === undefined || !(number > 0))
      throw new Error(`${flag} needs a positive number, got '${String(value)}'`);
    options[size] = number;
  }
  return options;
}
