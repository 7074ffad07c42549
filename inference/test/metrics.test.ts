import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsRegistry } from '@idgate/platform';
import { activeModels, DEFAULT_MANIFEST_PATH, parseManifest } from '../src/index.ts';
import { errorOf, face, startTestNode, type TestNode } from './support/test-node.ts';

// The node's metrics (docs/operations.md), recorded by a real node with a real pool: job latency
// per task and outcome, stage latency per model from the workers' timings, and the queue gauges.
const active = activeModels(parseManifest(JSON.parse(readFileSync(DEFAULT_MANIFEST_PATH, 'utf8')), DEFAULT_MANIFEST_PATH));
let t: TestNode;
beforeAll(async () => {
  t = await startTestNode({ INFERENCE_POOL_SIZE: '1', INFERENCE_MAX_QUEUE: '8' });
});
afterAll(() => t?.close());

async function count(name: string, labels: Record<string, string>): Promise<number> {
  const metric = metricsRegistry.getSingleMetric(name);
  const values = metric ? ((await metric.get()).values as { labels: Record<string, string | number | undefined>; value: number; metricName?: string }[]) : [];
  return values.find((v) => v.metricName === `${name}_count` && Object.entries(labels).every(([k, x]) => v.labels[k] === x))?.value ?? 0;
}
async function gauge(name: string): Promise<number> {
  return (await metricsRegistry.getSingleMetric(name)!.get()).values[0]?.value ?? Number.NaN;
}

describe('inference node metrics', () => {
  it('a face check is observed per task and per stage against the model that ran it', async () => {
    await t.call('checkFace', { frames: [await face('biden_1.jpg')] });
    expect(await count('idgate_inference_task_duration_seconds', { task: 'check', outcome: 'ok' })).toBe(1);
    expect(await count('idgate_inference_stage_duration_seconds', { stage: 'detect', model: active.detector.id })).toBe(1);
    expect(await count('idgate_inference_stage_duration_seconds', { stage: 'liveness', model: active.liveness.map((l) => l.id).join('+') })).toBe(1);
    expect(await count('idgate_inference_stage_duration_seconds', { stage: 'age', model: active.age.id })).toBe(1);
    expect(await count('idgate_inference_stage_duration_seconds', { stage: 'embed', model: active.recognizer.id })).toBe(1);
    expect(await count('idgate_inference_stage_duration_seconds', { stage: 'decode', model: 'none' })).toBe(1);
  });

  it('failures are observed with their error class, a match as one job', async () => {
    await errorOf(t.call('detectFaces', { image: Buffer.from('not an image') }));
    expect(await count('idgate_inference_task_duration_seconds', { task: 'detect', outcome: 'invalid_input' })).toBe(1);
    const image = await face('obama_1.jpg');
    await t.call('matchFaces', { probe: { image }, reference: { image } });
    expect(await count('idgate_inference_task_duration_seconds', { task: 'match', outcome: 'ok' })).toBe(1);
    expect(await count('idgate_inference_stage_duration_seconds', { stage: 'embed', model: active.recognizer.id })).toBe(3);
  });

  it('the queue gauges show waiting tasks and busy workers while jobs run, and drain to 0', async () => {
    expect(await gauge('idgate_inference_workers')).toBe(1);
    const frames = [await face('obama_2.jpg')];
    const jobs = Array.from({ length: 4 }, () => t.call('checkFace', { frames }));
    let seen = { queued: 0, busy: 0 };
    for (let i = 0; i < 500 && !(seen.queued >= 1 && seen.busy === 1); i++) {
      seen = { queued: await gauge('idgate_inference_queue_depth'), busy: await gauge('idgate_inference_workers_busy') };
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(seen.busy).toBe(1);
    expect(seen.queued).toBeGreaterThanOrEqual(1);
    await Promise.all(jobs);
    expect(await gauge('idgate_inference_queue_depth')).toBe(0);
    expect(await gauge('idgate_inference_workers_busy')).toBe(0);
  });
});
