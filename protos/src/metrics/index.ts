export {
  collectProcessMetrics,
  defineCounter,
  defineGauge,
  defineHistogram,
  LATENCY_BUCKETS,
  metricsRegistry,
  renderMetrics,
  type GaugeSpec,
  type HistogramSpec,
  type MetricSpec,
} from './registry.ts';
export { outcomeOf, secondsSince, type OutcomeClass } from './outcome.ts';
export { runHeadlessProcess, startMetricsServer, type MetricsServer } from './server.ts';
