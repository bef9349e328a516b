import {
  commandRouting,
  firstCopyOf,
  fleetSlices,
  kilobytesPerConnection,
  moveTargetOf,
  prometheusValue,
  randomSample,
  seededRandom,
} from './fleet-cluster.util';

describe('fleetSlices', () => {
  it('splits 50,000 panels into contiguous slices under the per-process limit', () => {
    const slices = fleetSlices(50_000, 12_500, 2);
    expect(slices).toEqual([
      { first: 0, count: 12_500 },
      { first: 12_500, count: 12_500 },
      { first: 25_000, count: 12_500 },
      { first: 37_500, count: 12_500 },
    ]);
  });

  it('spreads a remainder one each over the first slices and keeps the minimum of processes', () => {
    expect(fleetSlices(7, 100, 3)).toEqual([
      { first: 0, count: 3 },
      { first: 3, count: 2 },
      { first: 5, count: 2 },
    ]);
    expect(fleetSlices(25_001, 12_500)).toHaveLength(3);
  });

  it('leaves out empty slices when there are fewer panels than processes', () => {
    expect(fleetSlices(1, 100, 2)).toEqual([{ first: 0, count: 1 }]);
  });
});

describe('copies', () => {
  it('starts panels round the copies and moves each to the next one', () => {
    expect([0, 1, 2, 3, 4].map((index) => firstCopyOf(index, 3))).toEqual([0, 1, 2, 0, 1]);
    expect([0, 1, 2].map((copy) => moveTargetOf(copy, 3))).toEqual([1, 2, 0]);
  });
});

describe('randomSample', () => {
  it('draws distinct indices in range, the same for the same seed', () => {
    const sample = randomSample(1000, 50, seededRandom(7));
    expect(new Set(sample).size).toBe(50);
    expect(sample.every((index) => index >= 0 && index < 1000)).toBe(true);
    expect(randomSample(1000, 50, seededRandom(7))).toEqual(sample);
    expect(randomSample(1000, 50, seededRandom(8))).not.toEqual(sample);
  });

  it('answers every index when the sample is as large as the whole', () => {
    expect(randomSample(3, 5, seededRandom(1))).toEqual([0, 1, 2]);
  });
});

describe('commandRouting', () => {
  const sent = [
    { correlationId: 'a', hwaddr: 'p1', port: 1 },
    { correlationId: 'b', hwaddr: 'p2', port: 2 },
    { correlationId: 'c', hwaddr: 'p3', port: 3 },
    { correlationId: 'd', hwaddr: 'p4', port: 1 },
    { correlationId: 'e', hwaddr: 'p5', port: 1 },
  ];

  it('counts each command by where it arrived', () => {
    const routing = commandRouting(sent, [
      { correlationId: 'a', hwaddr: 'p1', port: 1 },
      { correlationId: 'b', hwaddr: 'p9', port: 2 },
      { correlationId: 'c', hwaddr: 'p3', port: 1 },
      { correlationId: 'e', hwaddr: 'p5', port: 1 },
      { correlationId: 'e', hwaddr: 'p5', port: 1 },
      { correlationId: 'zz', hwaddr: 'p1', port: 1 },
    ]);
    expect(routing).toEqual({ sent: 5, right: 1, wrongPanel: 1, wrongCopy: 1, missing: 1, repeated: 1 });
  });
});

describe('figures', () => {
  it('answers kilobytes per connection, NaN without connections', () => {
    expect(kilobytesPerConnection(1024 * 100, 1024 * 300, 20)).toBe(10);
    expect(kilobytesPerConnection(0, 1024, 0)).toBeNaN();
  });

  it('reads a metric of a Prometheus exposition, summed over its label sets', () => {
    const text = [
      '# HELP panel_gateway_connected_panels Panels connected and past the key proof',
      '# TYPE panel_gateway_connected_panels gauge',
      'panel_gateway_connected_panels{app="panel-gateway"} 16667',
      'nodejs_heap_size_used_bytes 1.5e+8',
      'panel_gateway_disconnects_total{app="panel-gateway",reason="evicted"} 2',
      'panel_gateway_disconnects_total{app="panel-gateway",reason="closed"} 3',
      'nodejs_heap_size_used_bytes_other 3',
    ].join('\n');
    expect(prometheusValue(text, 'panel_gateway_connected_panels')).toBe(16667);
    expect(prometheusValue(text, 'nodejs_heap_size_used_bytes')).toBe(150_000_000);
    expect(prometheusValue(text, 'panel_gateway_disconnects_total')).toBe(5);
    expect(prometheusValue(text, 'absent_metric')).toBeNaN();
  });
});
