import { Injectable } from '@nestjs/common';
import {
  Counter,
  CounterConfiguration,
  Gauge,
  GaugeConfiguration,
  Histogram,
  HistogramConfiguration,
  Registry,
  collectDefaultMetrics,
} from 'prom-client';
import { RuntimeConfig } from '@app/config';

/**
 * The app's own Prometheus registry (not prom-client's global one, so that several apps or test
 * modules in one process never collide). Modules create their metrics here by name.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  constructor(runtime: RuntimeConfig) {
    this.registry.setDefaultLabels({ app: runtime.appName });
    collectDefaultMetrics({ register: this.registry });
  }

  counter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
    return this.existing<Counter<L>>(config.name) ?? new Counter({ ...config, registers: [this.registry] });
  }

  gauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
    return this.existing<Gauge<L>>(config.name) ?? new Gauge({ ...config, registers: [this.registry] });
  }

  histogram<L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
    return this.existing<Histogram<L>>(config.name) ?? new Histogram({ ...config, registers: [this.registry] });
  }

  private existing<T>(name: string): T | undefined {
    return this.registry.getSingleMetric(name) as T | undefined;
  }
}
