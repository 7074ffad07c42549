import { Counter, Gauge, Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addMetricsSource,
  collectProcessMetrics,
  defineCounter,
  defineGauge,
  defineHistogram,
  metricsRegistry,
  metricsSnapshot,
  renderMetrics,
  type MetricsSnapshot,
} from './registry.ts';
import { startMetricsServer, type MetricsServer } from './server.ts';

describe('process metrics registry', () => {
  it('defining a metric twice returns the same metric (several services in one process)', async () => {
    const a = defineCounter({ name: 'idgate_spec_events_total', help: 'spec', labelNames: ['kind'] });
    const b = defineCounter({ name: 'idgate_spec_events_total', help: 'spec', labelNames: ['kind'] });
    expect(b).toBe(a);
    a.inc({ kind: 'x' });
    b.inc({ kind: 'x' }, 2);
    expect((await metricsRegistry.getSingleMetric('idgate_spec_events_total')!.get()).values).toEqual([{ value: 3, labels: { kind: 'x' } }]);
    expect(defineHistogram({ name: 'idgate_spec_seconds', help: 'spec' })).toBe(defineHistogram({ name: 'idgate_spec_seconds', help: 'spec' }));
  });

  it('the same name as another kind or with other labels is a programming error', () => {
    defineGauge({ name: 'idgate_spec_clash', help: 'spec', labelNames: ['a'] });
    expect(() => defineCounter({ name: 'idgate_spec_clash', help: 'spec', labelNames: ['a'] })).toThrow(/already defined as a gauge/);
    expect(() => defineGauge({ name: 'idgate_spec_clash', help: 'spec', labelNames: ['b'] })).toThrow(/labels \[a\]/);
  });

  it('a gauge with collect() is read at scrape time; process metrics register once', async () => {
    let depth = 3;
    defineGauge({
      name: 'idgate_spec_depth',
      help: 'spec',
      collect() {
        this.set(depth);
      },
    });
    collectProcessMetrics();
    collectProcessMetrics();
    expect((await renderMetrics()).body).toMatch(/^idgate_spec_depth 3$/m);
    depth = 5;
    const { body, contentType } = await renderMetrics();
    expect(body).toMatch(/^idgate_spec_depth 5$/m);
    expect(body).toContain('process_cpu_user_seconds_total');
    expect(contentType).toContain('text/plain');
  });
});

describe("another thread's registry (addMetricsSource: the all-in-one's core thread)", () => {
  it('is merged into the scrape: its own metrics appear, a name both have is summed series by series', async () => {
    const here = defineCounter({ name: 'idgate_spec_shared_total', help: 'spec', labelNames: ['kind'] });
    here.inc({ kind: 'a' }, 2);
    // The other thread's registry, as its metricsSnapshot() sends it: the same counter, and one only it has.
    const registry = new Registry();
    new Counter({ name: 'idgate_spec_shared_total', help: 'spec', labelNames: ['kind'], registers: [registry] }).inc({ kind: 'a' }, 3);
    const shared = registry.getSingleMetric('idgate_spec_shared_total') as Counter<'kind'>;
    shared.inc({ kind: 'b' });
    new Gauge({ name: 'idgate_spec_core_only', help: 'spec', registers: [registry] }).set(7);
    const other: MetricsSnapshot = structuredClone(await registry.getMetricsAsJSON());
    const remove = addMetricsSource(async () => other);
    try {
      const { body } = await renderMetrics();
      expect(body).toMatch(/^idgate_spec_shared_total\{kind="a"\} 5$/m);
      expect(body).toMatch(/^idgate_spec_shared_total\{kind="b"\} 1$/m);
      expect(body).toMatch(/^idgate_spec_core_only 7$/m);
      expect(body.split('\n').filter((l) => l === '# TYPE idgate_spec_shared_total counter')).toHaveLength(1);
    } finally {
      remove();
    }
    expect((await renderMetrics()).body).not.toContain('idgate_spec_core_only');
  });

  it('a source that cannot answer (its thread is stopping) is left out of that scrape, which still answers', async () => {
    defineGauge({
      name: 'idgate_spec_local',
      help: 'spec',
      collect() {
        this.set(1);
      },
    });
    const remove = addMetricsSource(async () => Promise.reject(new Error('the core thread has stopped')));
    try {
      expect((await renderMetrics()).body).toMatch(/^idgate_spec_local 1$/m);
    } finally {
      remove();
    }
  });

  it('metricsSnapshot() is plain data a MessagePort can carry', async () => {
    defineCounter({ name: 'idgate_spec_cloned_total', help: 'spec' }).inc();
    const snapshot = await metricsSnapshot();
    expect(structuredClone(snapshot)).toEqual(snapshot);
  });
});

describe('startMetricsServer', () => {
  let server: MetricsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers GET /metrics with the process registry and 404 to anything else', async () => {
    defineCounter({ name: 'idgate_spec_served_total', help: 'spec' }).inc();
    server = await startMetricsServer({ host: '127.0.0.1', port: 0 });
    const base = `http://${server.address}`;
    const m = await fetch(`${base}/metrics`);
    expect(m.status).toBe(200);
    expect(m.headers.get('content-type')).toContain('text/plain');
    expect(await m.text()).toMatch(/^idgate_spec_served_total 1$/m);
    expect((await fetch(`${base}/metrics?x=1`)).status).toBe(200);
    for (const [path, method] of [
      ['/', 'GET'],
      ['/healthz', 'GET'],
      ['/metrics/x', 'GET'],
      ['/metrics', 'POST'],
    ]) {
      const r = await fetch(base + path, { method });
      expect(r.status, `${method} ${path}`).toBe(404);
      await r.body?.cancel();
    }
  });

  it('a port in use fails start-up as an operational error; close() frees the port', async () => {
    server = await startMetricsServer({ host: '127.0.0.1', port: 0 });
    const port = Number(server.address.split(':').pop());
    const err = await startMetricsServer({ host: '127.0.0.1', port }).then(
      () => undefined,
      (e: unknown) => e,
    );
    // A system error (code and syscall): the start-up report prints it as one line (startup-failure.spec.ts).
    expect(err).toMatchObject({ code: 'EADDRINUSE', syscall: 'listen' });
    await server.close();
    server = await startMetricsServer({ host: '127.0.0.1', port });
    expect((await fetch(`http://${server.address}/metrics`)).status).toBe(200);
  });
});
