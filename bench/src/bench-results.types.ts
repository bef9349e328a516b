/** A goal of the design a figure is compared with: `at most` for latencies and sizes, `at least` for rates. */
export interface MetricTarget {
  kind: 'atMost' | 'atLeast';
  value: number;
}

/** One measured figure, with the raw limit of the stage that bounds it where one applies. */
export interface Metric {
  name: string;
  value: number;
  unit: string;
  /** The same work done straight on the building block, with no application logic. */
  raw?: { name: string; value: number };
  target?: MetricTarget;
  /** In the results file: whether the figure meets its target (only on figures with one). */
  met?: boolean;
}

/** CPU time and peak resident memory of one process over a scenario. */
export interface ProcessUsage {
  name: string;
  cpuSeconds: number;
  peakRssMb: number;
}

export interface ScenarioResult {
  scenario: string;
  parameters: Record<string, number | string>;
  metrics: Metric[];
  processes: ProcessUsage[];
  notes: string[];
  /** Each measured latency in ms, in the order of what caused it (a fire's, say), so a tail can be read after the run. */
  samples?: Record<string, number[]>;
}

export interface BenchRun {
  date: string;
  machine: { cores: number; cpuModel: string; memoryGb: number; loadAverage: number[] };
  /** NODE_OPTIONS the apps ran with (BENCH_APP_NODE_OPTIONS), e.g. a profiler that slows them. */
  appNodeOptions?: string;
  versions: Record<string, string>;
  scenarios: ScenarioResult[];
}
