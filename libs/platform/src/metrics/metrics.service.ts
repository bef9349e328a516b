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
import { PRODUCT_VERSION } from '@app/contracts';

/** The commit the image was built from, when the build says (BUILD_COMMIT); else 'unknown'. */
const BUILD_COMMIT = /^[0-9a-f]{7,40}$/.test(process.env.BUILD_COMMIT ?? '') ? process.env.BUILD_COMMIT! : 'unknown';

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
    // Which release each copy runs, for dashboards and for an upgrade rolled out half way.
    this.gauge({
      name: 'portal_build_info',
      help: 'The release this copy runs (always 1)',
      labelNames: ['version', 'commit', 'node'],
    }).set({ version: PRODUCT_VERSION, commit: BUILD_COMMIT, node: process.version }, 1);
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
