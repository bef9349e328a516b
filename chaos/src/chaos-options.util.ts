/** The faults a run on one NATS server knows, in the order a default run injects them. */
export const FAULT_NAMES = [
  'kill-portal-api',
  'kill-panel-gateway',
  'kill-relay-worker',
  'kill-mailer',
  'kill-nats',
  'kill-redis',
  'wipe-redis',
  'kill-postgres',
  'drop-postgres',
  'drop-panels',
  'kill-relay-worker-mid-pulse',
  'kill-mailer-mid-send',
  'crash-loop-relay-worker',
  'crash-loop-mailer',
] as const;

/** The faults of a run on a three-server NATS cluster with two copies of every app (`--cluster`), in order. */
export const CLUSTER_FAULT_NAMES = [
  'kill-nats-events-leader',
  'kill-nats-consumer-leader',
  'partition-nats',
  'rolling-restart-nats',
  'kill-portal-api',
  'kill-panel-gateway',
  'kill-relay-worker',
  'kill-mailer',
  'kill-gateway-holding-panels',
] as const;

/** Faults a cluster run may also be given, none of them aimed at one copy's work in flight. */
const CLUSTER_EXTRA_FAULTS = ['kill-redis', 'kill-postgres', 'drop-postgres', 'drop-panels'] as const;

export type SingleNodeFaultName = (typeof FAULT_NAMES)[number];
export type ClusterFaultName = (typeof CLUSTER_FAULT_NAMES)[number] | (typeof CLUSTER_EXTRA_FAULTS)[number];
export type FaultName = SingleNodeFaultName | ClusterFaultName;

export interface ChaosOptions {
  /** A three-server NATS cluster (streams on three copies) and two copies of every app, instead of one of each. */
  cluster: boolean;
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
  /** Seconds a NATS server stays cut from the others (cluster). */
  partition: number;
  /** Seconds between the live browser's periodic refetches. */
  refetchSeconds: number;
  /** Longest wait, in seconds, for the apps to be green again, and for the run to settle at the end. */
  settle: number;
}

export const DEFAULT_CHAOS_OPTIONS: ChaosOptions = {
  cluster: false,
  faults: [...FAULT_NAMES],
  panels: 26,
  rate: 200,
  alarmEvery: 3,
  gap: 20,
  outage: 2,
  partition: 12,
  refetchSeconds: 60,
  settle: 120,
};

const SIZES: ReadonlyArray<keyof Omit<ChaosOptions, 'faults' | 'cluster'>> = [
  'panels',
  'rate',
  'alarmEvery',
  'gap',
  'outage',
  'partition',
  'refetchSeconds',
  'settle',
];

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

export const CHAOS_USAGE = [
  'usage: npm run chaos -- [--cluster] [--faults name,name,...] ' +
    SIZES.map((name) => `[--${kebab(name)} N]`).join(' '),
  `faults: ${FAULT_NAMES.join(', ')}`,
  `with --cluster: ${CLUSTER_FAULT_NAMES.join(', ')}; also ${CLUSTER_EXTRA_FAULTS.join(', ')}`,
].join('\n');

/** The faults a run of that kind can inject. */
export function knownFaults(cluster: boolean): readonly FaultName[] {
  return cluster ? [...CLUSTER_FAULT_NAMES, ...CLUSTER_EXTRA_FAULTS] : FAULT_NAMES;
}

/** Reads `--cluster` and `--name value` or `--name=value` pairs over the defaults; throws naming a bad one. */
export function parseChaosArgs(args: readonly string[]): ChaosOptions {
  const cluster = args.includes('--cluster');
  const options: ChaosOptions = {
    ...DEFAULT_CHAOS_OPTIONS,
    cluster,
    faults: cluster ? [...CLUSTER_FAULT_NAMES] : [...DEFAULT_CHAOS_OPTIONS.faults],
  };
  const pairs: Array<[string, string | undefined]> = [];
  const rest = args.filter((arg) => arg !== '--cluster');
  for (let index = 0; index < rest.length; index++) {
    const [flag, inline] = rest[index].split(/=(.*)/s, 2);
    pairs.push([flag, inline ?? rest[++index]]);
  }
  for (const [flag, value] of pairs) {
    if (flag === '--faults') {
      const names = (value ?? '').split(',').filter(Boolean);
      const unknown = names.filter((name) => !(knownFaults(cluster) as readonly string[]).includes(name));
      if (names.length === 0 || unknown.length > 0)
        throw new Error(
          `--faults: unknown or missing fault '${unknown.join(',')}'${cluster ? '' : ' (without --cluster)'}\n${CHAOS_USAGE}`,
        );
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
