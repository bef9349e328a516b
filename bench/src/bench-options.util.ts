/** The scenarios `npm run bench` knows, in the order they run. */
export const SCENARIO_NAMES = [
  'ingest',
  'ingest-max',
  'fanout',
  'alarm-actions',
  'fire-first',
  'queries',
  'connections',
  'connections-cluster',
] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** Sizes of every scenario; each flag is `--<kebab-case name> <value>`. */
export interface BenchOptions {
  scenarios: ScenarioName[];
  /** Simulated panels sending events (ingest, ingest-max, alarm-actions background). */
  panels: number;
  /** Events per second in total (ingest; the first step of ingest-max). */
  rate: number;
  /** Seconds each ingest run (and each ingest-max step) lasts. */
  duration: number;
  /** Highest rate ingest-max tries. */
  maxRate: number;
  /** Factor from one ingest-max step's rate to the next (above 1). */
  step: number;
  /** Browser sockets subscribed to one site (fanout). */
  sockets: number;
  /** Events in the fanout burst. */
  burst: number;
  /** Client processes holding the fanout's sockets. */
  socketProcesses: number;
  /** Fire events sent in alarm-actions. */
  fires: number;
  /** Background events per second during alarm-actions. */
  background: number;
  /** The ingest's ceiling in events/s (fire-first loads it at this rate and at 1.5 times it). */
  ceiling: number;
  /** Events seeded for queries, and the sites they spread over. */
  events: number;
  sites: number;
  /** Requests per query kind. */
  samples: number;
  /** Panels held by one gateway (connections), or by three copies (connections-cluster). */
  connections: number;
}

export const DEFAULT_BENCH_OPTIONS: Omit<BenchOptions, 'scenarios'> = {
  panels: 50,
  rate: 1000,
  duration: 20,
  maxRate: 16000,
  step: 1.5,
  sockets: 5000,
  burst: 20,
  socketProcesses: 4,
  fires: 30,
  background: 1000,
  ceiling: 6750,
  events: 1_000_000,
  sites: 1000,
  samples: 300,
  connections: 10_000,
};

const NUMERIC_FLAGS: Record<string, keyof Omit<BenchOptions, 'scenarios'>> = {
  '--panels': 'panels',
  '--rate': 'rate',
  '--duration': 'duration',
  '--max-rate': 'maxRate',
  '--step': 'step',
  '--sockets': 'sockets',
  '--burst': 'burst',
  '--socket-processes': 'socketProcesses',
  '--fires': 'fires',
  '--background': 'background',
  '--ceiling': 'ceiling',
  '--events': 'events',
  '--sites': 'sites',
  '--samples': 'samples',
  '--connections': 'connections',
};

export const BENCH_USAGE = `usage: npm run bench -- [${SCENARIO_NAMES.join('|')}]... [${Object.keys(NUMERIC_FLAGS)
  .map((flag) => `${flag} N`)
  .join('] [')}]`;

/** Reads the command line; scenarios by name (all when none is named), sizes by flags. Throws on anything else. */
export function parseBenchArgs(args: readonly string[]): BenchOptions {
  const options: BenchOptions = { ...DEFAULT_BENCH_OPTIONS, scenarios: [] };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    const [flag, inline] = arg.startsWith('--') ? arg.split('=', 2) : [arg, undefined];
    if (flag in NUMERIC_FLAGS) {
      const raw = inline ?? args[++index];
      const value = Number(raw);
      if (raw === undefined || !Number.isFinite(value) || value <= 0)
        throw new Error(`${flag} needs a positive number, got '${String(raw)}'`);
      options[NUMERIC_FLAGS[flag]] = value;
    } else if ((SCENARIO_NAMES as readonly string[]).includes(arg)) {
      if (!options.scenarios.includes(arg as ScenarioName)) options.scenarios.push(arg as ScenarioName);
    } else {
      throw new Error(`unknown argument '${arg}'\n${BENCH_USAGE}`);
    }
  }
  if (options.step <= 1)
    throw new Error(`--step must be above 1 (each ingest-max step faster than the last), got ${options.step}`);
  if (options.scenarios.length === 0) options.scenarios = [...SCENARIO_NAMES];
  options.scenarios.sort((a, b) => SCENARIO_NAMES.indexOf(a) - SCENARIO_NAMES.indexOf(b));
  return options;
}
