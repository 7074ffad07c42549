import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { metricsRegistry } from '@idgate/platform';
import { OCR_MODEL_IDS } from '../document/index.ts';
import { DEFAULT_MANIFEST_PATH } from '../models/load-manifest.ts';
import { activeModels, parseManifest } from '../models/manifest.ts';
import { observeStages, stageModels, trackPool, untrackPool } from './pool-metrics.ts';

const active = activeModels(parseManifest(JSON.parse(readFileSync(DEFAULT_MANIFEST_PATH, 'utf8')), DEFAULT_MANIFEST_PATH));
const models = stageModels(active);

async function series(name: string): Promise<{ labels: Record<string, string | number | undefined>; value: number; metricName?: string }[]> {
  const metric = metricsRegistry.getSingleMetric(name);
  return metric ? ((await metric.get()).values as { labels: Record<string, string | number | undefined>; value: number; metricName?: string }[]) : [];
}
const stageCount = async (stage: string, model: string) =>
  (await series('idgate_inference_stage_duration_seconds')).find(
    (v) => v.metricName === 'idgate_inference_stage_duration_seconds_count' && v.labels.stage === stage && v.labels.model === model,
  )?.value ?? 0;
const gauge = async (name: string) => (await series(name))[0]?.value;

describe('stage → model of idgate_inference_stage_duration_seconds', () => {
  it('names the active model serving each timed stage, none where no model runs', () => {
    expect(models.get('detect')).toBe(active.detector.id);
    expect(models.get('orientation')).toBe(active.detector.id);
    expect(models.get('embed')).toBe(active.recognizer.id);
    expect(models.get('age')).toBe(active.age.id);
    expect(models.get('liveness')).toBe(active.liveness.map((l) => l.id).join('+'));
    expect(models.get('document_locate')).toBe(OCR_MODEL_IDS.det);
    expect(models.get('document_recognise')).toBe(OCR_MODEL_IDS.rec);
    for (const stage of ['decode', 'align', 'quality', 'read', 'document_decode', 'document_parse']) expect(models.get(stage)).toBe('none');
    expect(models.has('document_total')).toBe(false); // the sum of the others, observed as `read`
  });

  it('observes known stages in seconds; unknown stages and bad values make no series', async () => {
    const before = await stageCount('detect', active.detector.id);
    observeStages(models, { decode: 4.2, detect: 12.5, align: 0.3, made_up_stage: 3, embed: Number.NaN, age: -1 });
    observeStages(models, undefined);
    expect(await stageCount('detect', active.detector.id)).toBe(before + 1);
    const names = new Set((await series('idgate_inference_stage_duration_seconds')).map((v) => String(v.labels.stage)));
    expect(names.has('made_up_stage')).toBe(false);
    const sum = (await series('idgate_inference_stage_duration_seconds')).find(
      (v) => v.metricName === 'idgate_inference_stage_duration_seconds_sum' && v.labels.stage === 'decode',
    );
    expect(sum?.value).toBeCloseTo(0.0042, 6);
  });
});

describe('queue gauges', () => {
  it('read every live pool at scrape time, and forget a closed one', async () => {
    let queued = 2;
    const a = { stats: () => ({ size: 2, busy: 2, queued }) };
    const b = { stats: () => ({ size: 1, busy: 0, queued: 0 }) };
    trackPool(a);
    trackPool(b);
    expect(await gauge('idgate_inference_queue_depth')).toBe(2);
    expect(await gauge('idgate_inference_workers_busy')).toBe(2);
    expect(await gauge('idgate_inference_workers')).toBe(3);
    queued = 0;
    expect(await gauge('idgate_inference_queue_depth')).toBe(0);
    untrackPool(a);
    untrackPool(b);
    expect(await gauge('idgate_inference_workers')).toBe(0);
  });
});
