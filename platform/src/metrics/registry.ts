import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type CollectFunction } from 'prom-client';

/**
 * The process's Prometheus registry (DESIGN "Logging and metrics"). Every part of the process
 * (gateway, core, inference node: one process in the all-in-one mode) defines its metrics here, and
 * whichever HTTP listener the process has (the gateway's /metrics, or METRICS_PORT) serves it. A
 * registry lives in one thread: the all-in-one's core thread has its own, which the gateway's
 * /metrics merges in (addMetricsSource).
 *
 * Metrics are defined once, at module level, through the define* helpers. Defining a name again
 * (tests start several services in one process; a module evaluated twice) returns the metric
 * already there instead of throwing, provided it is the same kind with the same labels; a clash
 * (another kind or other labels under one name) is a programming error and throws.
 *
 * Labels must stay bounded (docs/operations.md): routes, task and stage names, model ids, node
 * addresses, outcome classes. Never a session or tenant id, a URL, an error message or personal data.
 */
type Kind = 'counter' | 'gauge' | 'histogram';

interface Defined {
  readonly kind: Kind;
  readonly labelNames: readonly string[];
  readonly metric: Counter<string> | Gauge<string> | Histogram<string>;
}

interface Store {
  readonly registry: Registry;
  readonly defined: Map<string, Defined>;
  defaultsCollected: boolean;
  /** Registries of other threads of this process, read at each scrape (addMetricsSource). */
  readonly sources: Set<MetricsSource>;
}

/** Metrics as prom-client's getMetricsAsJSON() gives them: structured-cloneable across threads. */
export type MetricsSnapshot = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;
/** Reads another thread's registry (e.g. over a MessagePort). */
export type MetricsSource = () => Promise<MetricsSnapshot>;

// On globalThis, not in module scope: should this module ever be evaluated twice in one process
// (two copies of the package, a test runner's module graph), both copies still share one registry.
const STORE_KEY = Symbol.for('idgate.metrics.store');
const store: Store = ((globalThis as Record<symbol, unknown>)[STORE_KEY] as Store | undefined) ?? {
  registry: new Registry(),
  defined: new Map(),
  defaultsCollected: false,
  sources: new Set(),
};
(globalThis as Record<symbol, unknown>)[STORE_KEY] = store;

/** The process-wide registry. */
export const metricsRegistry: Registry = store.registry;

/** Seconds; from 1 ms (a cached answer) to 10 s (a slow inference or webhook receiver). */
export const LATENCY_BUCKETS: readonly number[] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricSpec<L extends string> {
  readonly name: string;
  readonly help: string;
  readonly labelNames?: readonly L[];
}

export interface GaugeSpec<L extends string> extends MetricSpec<L> {
  /** Runs at every scrape and sets the current value (read live state: always current, no drift). */
  readonly collect?: CollectFunction<Gauge<L>>;
}

export interface HistogramSpec<L extends string> extends MetricSpec<L> {
  readonly buckets?: readonly number[];
}

function define<M extends Defined['metric']>(kind: Kind, spec: MetricSpec<string>, create: () => M): M {
  const labelNames = [...(spec.labelNames ?? [])];
  const existing = store.defined.get(spec.name);
  if (existing) {
    if (existing.kind !== kind || existing.labelNames.join(',') !== labelNames.join(',')) {
      throw new Error(`metric ${spec.name} is already defined as a ${existing.kind} with labels [${existing.labelNames.join(', ')}]`);
    }
    return existing.metric as M;
  }
  const metric = create();
  store.defined.set(spec.name, { kind, labelNames, metric });
  return metric;
}

/** A counter in the process registry (get-or-create by name). */
export function defineCounter<L extends string = never>(spec: MetricSpec<L>): Counter<L> {
  return define(
    'counter',
    spec,
    () => new Counter<L>({ name: spec.name, help: spec.help, labelNames: spec.labelNames ?? [], registers: [metricsRegistry] }),
  ) as Counter<L>;
}

/** A gauge in the process registry (get-or-create by name; the first definition's collect wins). */
export function defineGauge<L extends string = never>(spec: GaugeSpec<L>): Gauge<L> {
  return define(
    'gauge',
    spec,
    () =>
      new Gauge<L>({
        name: spec.name,
        help: spec.help,
        labelNames: spec.labelNames ?? [],
        registers: [metricsRegistry],
        ...(spec.collect ? { collect: spec.collect } : {}),
      }),
  ) as Gauge<L>;
}

/** A histogram in the process registry (get-or-create by name); buckets default to LATENCY_BUCKETS. */
export function defineHistogram<L extends string = never>(spec: HistogramSpec<L>): Histogram<L> {
  return define(
    'histogram',
    spec,
    () =>
      new Histogram<L>({
        name: spec.name,
        help: spec.help,
        labelNames: spec.labelNames ?? [],
        buckets: [...(spec.buckets ?? LATENCY_BUCKETS)],
        registers: [metricsRegistry],
      }),
  ) as Histogram<L>;
}

/** prom-client's process metrics (CPU, memory, event-loop lag, GC), registered once per process. */
export function collectProcessMetrics(): void {
  if (store.defaultsCollected) return;
  store.defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** This thread's registry as a snapshot another thread can merge (the core thread answers with it). */
export function metricsSnapshot(): Promise<MetricsSnapshot> {
  return metricsRegistry.getMetricsAsJSON();
}

/**
 * Adds another thread's registry to what this thread's /metrics serves: a registry is per thread
 * (per V8 isolate), so the all-in-one process, whose core runs on a thread of its own, would
 * otherwise show only the gateway's and the inference node's metrics. Returns the removal.
 */
export function addMetricsSource(source: MetricsSource): () => void {
  store.sources.add(source);
  return () => store.sources.delete(source);
}

/**
 * The registry in the Prometheus text format, with its content type; with other threads' sources,
 * their metrics merged in (a name in several registries is summed series by series, prom-client's
 * cluster aggregation). A source that cannot answer (its thread is stopping) is left out of that
 * scrape rather than failing it.
 */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  if (store.sources.size === 0) return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
  const others = await Promise.all([...store.sources].map((source) => source().catch(() => [] as MetricsSnapshot)));
  const merged = AggregatorRegistry.aggregate([await metricsSnapshot(), ...others]);
  return { contentType: metricsRegistry.contentType, body: await merged.metrics() };
}
