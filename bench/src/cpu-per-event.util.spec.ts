import { cpuPerEventMetrics, cpuPerEventNote } from './cpu-per-event.util';

describe('CPU per event', () => {
  const usages = [
    { name: 'portal-api', cpuSeconds: 0.95, peakRssMb: 200 },
    { name: 'panel-gateway', cpuSeconds: 0.5, peakRssMb: 150 },
  ];

  it("divides each process's CPU by the events and adds them up", () => {
    const metrics = cpuPerEventMetrics(usages, 10_000);
    expect(metrics.map((metric) => [metric.name, Math.round(metric.value)])).toEqual([
      ['CPU per event: portal-api', 95],
      ['CPU per event: panel-gateway', 50],
      ['CPU per event: every process together', 145],
    ]);
    expect(metrics.every((metric) => metric.unit === 'µs')).toBe(true);
  });

  it('gives nothing for a span without events', () => {
    expect(cpuPerEventMetrics(usages, 0)).toEqual([]);
    expect(cpuPerEventNote(usages, 0)).toBe('no events');
  });

  it("writes one line for a step's note", () => {
    expect(cpuPerEventNote(usages, 10_000)).toBe('CPU per event (µs): portal-api 95, panel-gateway 50 (all 145)');
  });
});
