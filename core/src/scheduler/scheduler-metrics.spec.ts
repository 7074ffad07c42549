import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { afterEach, describe, expect, it } from 'vitest';
import { appError, toServiceError, type InferenceServiceClient } from '@idgate/protos';
import { metricsRegistry } from '@idgate/platform';
import { InferenceScheduler } from './inference-scheduler.ts';

type Callback = (err: ServiceError | null, res?: unknown) => void;
type Behaviour = 'ok' | 'dead' | 'no_face' | 'hold';

/** A scripted node: health per behaviour; checkFace answers, fails, or is held until release(). */
function fakeNode(address: string, behaviour: { current: Behaviour }, held: Array<() => void>) {
  return {
    health: (_r: unknown, _m: Metadata, _o: unknown, cb: Callback) =>
      behaviour.current === 'dead'
        ? cb(Object.assign(new Error('down'), { code: status.UNAVAILABLE, details: 'down', metadata: new Metadata() }))
        : cb(null, { ready: true, poolSize: 1, maxQueue: 4, meanRunTimeMs: 10 }),
    checkFace: (_r: unknown, _m: Metadata, _o: unknown, cb: Callback) => {
      const kind = behaviour.current;
      if (kind === 'hold') held.push(() => cb(null, { node: address }));
      else if (kind === 'ok') setImmediate(() => cb(null, { node: address }));
      else if (kind === 'dead')
        setImmediate(() =>
          cb(Object.assign(new Error('Connection dropped'), { code: status.UNAVAILABLE, details: 'Connection dropped', metadata: new Metadata() })),
        );
      else setImmediate(() => cb(toServiceError(appError('FACE_NOT_FOUND')) as ServiceError));
    },
    close: () => undefined,
  } as unknown as InferenceServiceClient;
}

/** Current value of one series (histograms: pass the _count name). */
async function value(name: string, labels: Record<string, string>, series = name): Promise<number> {
  const metric = metricsRegistry.getSingleMetric(name);
  if (!metric) return 0;
  const values = (await metric.get()).values as { labels: Record<string, string | number | undefined>; value: number; metricName?: string }[];
  const hit = values.find((v) => (v.metricName ?? name) === series && Object.entries(labels).every(([k, x]) => v.labels[k] === x));
  return hit?.value ?? 0;
}
const callCount = (method: string, outcome: string) =>
  value('idgate_inference_call_duration_seconds', { method, outcome }, 'idgate_inference_call_duration_seconds_count');

const schedulers: InferenceScheduler[] = [];
afterEach(() => {
  for (const s of schedulers.splice(0)) s.close();
});

async function setup(behaviours: Record<string, Behaviour>) {
  const held: Array<() => void> = [];
  const state = Object.fromEntries(Object.entries(behaviours).map(([a, b]) => [a, { current: b }]));
  const s = new InferenceScheduler({ nodes: Object.keys(behaviours), clientFactory: (a) => fakeNode(a, state[a], held) });
  await s.start();
  schedulers.push(s);
  return { s, state, held };
}

describe('scheduler metrics', () => {
  it('call latency by method and outcome; a retry on another node is counted with its reason', async () => {
    const { s, state } = await setup({ 'node-a:1': 'ok', 'node-b:1': 'ok' });
    const [ok0, retry0, rejected0] = [
      await callCount('checkFace', 'ok'),
      await value('idgate_inference_call_retries_total', { method: 'checkFace', reason: 'node_down' }),
      await callCount('checkFace', 'rejected'),
    ];
    state['node-a:1'].current = 'dead';
    for (let i = 0; i < 2; i++) await s.call('checkFace', { frames: [] });
    expect(await callCount('checkFace', 'ok')).toBe(ok0 + 2);
    // The first job met the dead node (least outstanding, round-robin) and was retried on b; a is then down.
    expect(await value('idgate_inference_call_retries_total', { method: 'checkFace', reason: 'node_down' })).toBe(retry0 + 1);
    state['node-b:1'].current = 'no_face';
    await s.call('checkFace', { frames: [] }).catch(() => undefined);
    expect(await callCount('checkFace', 'rejected')).toBe(rejected0 + 1);
  });

  it('outstanding jobs per node and nodes by health are read live at scrape time', async () => {
    const { s, held } = await setup({ 'node-c:1': 'hold', 'node-d:1': 'dead' });
    expect(await value('idgate_inference_nodes', { health: 'healthy' })).toBe(1);
    expect(await value('idgate_inference_nodes', { health: 'down' })).toBe(1);
    const job = s.call('checkFace', { frames: [] });
    await new Promise((r) => setImmediate(r));
    expect(await value('idgate_inference_node_outstanding_jobs', { node: 'node-c:1' })).toBe(1);
    expect(await value('idgate_inference_node_outstanding_jobs', { node: 'node-d:1' })).toBe(0);
    held.splice(0).forEach((release) => release());
    await job;
    expect(await value('idgate_inference_node_outstanding_jobs', { node: 'node-c:1' })).toBe(0);
    s.close();
    // A closed scheduler's nodes leave the gauges (no stale series).
    const text = await metricsRegistry.getSingleMetricAsString('idgate_inference_node_outstanding_jobs');
    expect(text).not.toContain('node-c:1');
    expect(await value('idgate_inference_nodes', { health: 'healthy' })).toBe(0);
  });
});
