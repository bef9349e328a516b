import type { Metric, ProcessUsage } from './bench-results.types';

/**
 * What each process spent per event over a span, in µs of CPU: the figure that says which part a
 * higher rate would need cut (at 10,000 events/s two cores leave 200 µs per event for all of them).
 */
export function cpuPerEventMetrics(usages: readonly ProcessUsage[], events: number): Metric[] {
  if (events <= 0) return [];
  const perEvent = usages.map((usage) => ({ name: usage.name, micros: (usage.cpuSeconds * 1e6) / events }));
  const total = perEvent.reduce((sum, part) => sum + part.micros, 0);
  return [
    ...perEvent.map((part) => ({ name: `CPU per event: ${part.name}`, value: part.micros, unit: 'µs' })),
    { name: 'CPU per event: every process together', value: total, unit: 'µs' },
  ];
}

/** The same figures on one line, for a step's note: `portal-api 95, panel-gateway 92, … (all 378 µs)`. */
export function cpuPerEventNote(usages: readonly ProcessUsage[], events: number): string {
  const metrics = cpuPerEventMetrics(usages, events);
  if (metrics.length === 0) return 'no events';
  const total = metrics.pop()!;
  const parts = metrics.map((metric) => `${metric.name.replace('CPU per event: ', '')} ${metric.value.toFixed(0)}`);
  return `CPU per event (µs): ${parts.join(', ')} (all ${total.value.toFixed(0)})`;
}
