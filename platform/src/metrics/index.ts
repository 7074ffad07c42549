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
export { secondsSince } from './timing.ts';
export { startMetricsServer, type MetricsServer } from './server.ts';
