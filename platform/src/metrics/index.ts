export {
  addMetricsSource,
  collectProcessMetrics,
  defineCounter,
  defineGauge,
  defineHistogram,
  LATENCY_BUCKETS,
  metricsRegistry,
  metricsSnapshot,
  renderMetrics,
  type GaugeSpec,
  type HistogramSpec,
  type MetricSpec,
  type MetricsSnapshot,
  type MetricsSource,
} from './registry.ts';
export { outcomeOf, secondsSince, type OutcomeClass } from './outcome.ts';
export { runHeadlessProcess, startMetricsServer, type MetricsServer } from './server.ts';
