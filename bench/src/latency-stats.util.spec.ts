import { percentile, summarizeLatencies } from './latency-stats.util';

describe('percentile', () => {
  it('takes the nearest rank', () => {
    const samples = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile(samples, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
  });

  it('is NaN without samples', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('summarizeLatencies', () => {
  it('sorts the samples before ranking them', () => {
    const summary = summarizeLatencies([30, 10, 20, 40]);
    expect(summary).toEqual({ count: 4, p50: 20, p95: 40, p99: 40, max: 40, mean: 25 });
  });
});
