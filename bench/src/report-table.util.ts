import type { BenchRun, Metric, MetricTarget } from './bench-results.types';

/** Whether a figure meets its target; undefined without a target or without a figure. */
export function targetMet(metric: Metric): boolean | undefined {
  if (!metric.target || !Number.isFinite(metric.value)) return metric.target ? false : undefined;
  return metric.target.kind === 'atMost' ? metric.value <= metric.target.value : metric.value >= metric.target.value;
}

/** The run as written to its results file: each figure with a target carries `met: true | false`. */
export function withMet(run: BenchRun): BenchRun {
  return {
    ...run,
    scenarios: run.scenarios.map((scenario) => ({
      ...scenario,
      metrics: scenario.metrics.map((metric) => {
        const met = targetMet(metric);
        return met === undefined ? metric : { ...metric, met };
      }),
    })),
  };
}

/** Project figure over raw figure: how much of the building block's capacity (or speed) the project keeps. */
export function rawRatio(metric: Metric): number | undefined {
  if (!metric.raw || !Number.isFinite(metric.value) || !Number.isFinite(metric.raw.value) || metric.raw.value === 0)
    return undefined;
  return metric.value / metric.raw.value;
}

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString('en-GB');
  if (Math.abs(value) >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

function formatTarget(target: MetricTarget | undefined, unit: string): string {
  if (!target) return '';
  return `${target.kind === 'atMost' ? '≤' : '≥'} ${formatNumber(target.value)} ${unit}`;
}

const HEADERS = ['scenario', 'figure', 'project', 'raw limit', 'ratio', 'target', 'met'];

/** Rows of the final table, one per figure. */
export function reportRows(run: BenchRun): string[][] {
  const rows: string[][] = [];
  for (const scenario of run.scenarios) {
    for (const metric of scenario.metrics) {
      const ratio = rawRatio(metric);
      const met = targetMet(metric);
      rows.push([
        scenario.scenario,
        metric.name,
        `${formatNumber(metric.value)} ${metric.unit}`,
        metric.raw ? `${formatNumber(metric.raw.value)} ${metric.unit} (${metric.raw.name})` : '',
        ratio === undefined ? '' : ratio.toFixed(2),
        formatTarget(metric.target, metric.unit),
        met === undefined ? '' : met ? 'yes' : 'NO',
      ]);
    }
  }
  return rows;
}

/** A plain-text table padded to the widest cell of each column. */
export function formatTextTable(rows: string[][], headers: string[] = HEADERS): string {
  const all = [headers, ...rows];
  const widths = headers.map((_, column) => Math.max(...all.map((row) => [...(row[column] ?? '')].length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (cell ?? '').padEnd(widths[column]))
      .join(' | ')
      .trimEnd();
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n');
}

/** The same table in Markdown, for docs/performance.md. */
export function formatMarkdownTable(rows: string[][], headers: string[] = HEADERS): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
  ].join('\n');
}

/** CPU and memory of each process, per scenario. */
export function processRows(run: BenchRun): string[][] {
  return run.scenarios.flatMap((scenario) =>
    scenario.processes.map((usage) => [
      scenario.scenario,
      usage.name,
      usage.cpuSeconds.toFixed(1),
      usage.peakRssMb.toFixed(0),
    ]),
  );
}

export const PROCESS_HEADERS = ['scenario', 'process', 'CPU s', 'peak RSS MB'];
