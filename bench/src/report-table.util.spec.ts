import type { BenchRun } from './bench-results.types';
import {
  formatMarkdownTable,
  formatNumber,
  formatTextTable,
  rawRatio,
  reportRows,
  targetMet,
  withMet,
} from './report-table.util';

const run: BenchRun = {
  date: '2026-01-01T00:00:00.000Z',
  machine: { cores: 2, cpuModel: 'cpu', memoryGb: 24, loadAverage: [1, 1, 1] },
  versions: {},
  scenarios: [
    {
      scenario: 'ingest',
      parameters: { rate: 1000 },
      metrics: [
        {
          name: 'stored',
          value: 950,
          unit: 'events/s',
          raw: { name: 'PostgreSQL insert', value: 19000 },
          target: { kind: 'atLeast', value: 1000 },
        },
        { name: 'p99 panel → browser', value: 42.5, unit: 'ms', target: { kind: 'atMost', value: 100 } },
        { name: 'lost', value: 0, unit: 'events' },
      ],
      processes: [{ name: 'portal-api', cpuSeconds: 3.25, peakRssMb: 180.4 }],
      notes: [],
    },
  ],
};

describe('report table', () => {
  it('compares each figure with its raw limit and its target', () => {
    expect(reportRows(run)).toEqual([
      ['ingest', 'stored', '950 events/s', '19,000 events/s (PostgreSQL insert)', '0.05', '≥ 1,000 events/s', 'NO'],
      ['ingest', 'p99 panel → browser', '42.5 ms', '', '', '≤ 100 ms', 'yes'],
      ['ingest', 'lost', '0.00 events', '', '', '', ''],
    ]);
  });

  it('counts a missing figure as a target not met and gives no ratio for it', () => {
    const metric = {
      name: 'p99',
      value: Number.NaN,
      unit: 'ms',
      raw: { name: 'raw', value: 1 },
      target: { kind: 'atMost' as const, value: 1 },
    };
    expect(targetMet(metric)).toBe(false);
    expect(rawRatio(metric)).toBeUndefined();
    expect(formatNumber(Number.NaN)).toBe('n/a');
  });

  it('marks each figure with a target met or not in the results file, and leaves the others alone', () => {
    const [stored, p99, lost] = withMet(run).scenarios[0].metrics;
    expect(stored.met).toBe(false);
    expect(p99.met).toBe(true);
    expect('met' in lost).toBe(false);
    expect('met' in run.scenarios[0].metrics[0]).toBe(false);
  });

  it('pads the text table and escapes pipes in Markdown', () => {
    const text = formatTextTable([['a', 'bbb']], ['h1', 'h2']);
    expect(text.split('\n')).toEqual(['h1 | h2', '---|----', 'a  | bbb']);
    expect(formatMarkdownTable([['x|y']], ['h'])).toBe('| h |\n| --- |\n| x\\|y |');
  });
});
