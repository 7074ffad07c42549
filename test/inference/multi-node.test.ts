import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cosineSimilarity } from '@idgate/inference/vision';
import { FACES_DIR } from '@idgate/inference/testing';
import { InferenceScheduler } from '@idgate/core';
import { spawnInferenceNode, type NodeProcess } from './support/spawn-node.ts';

// Three inference nodes (separate processes, one worker each) behind core's scheduler. Jobs are
// spread over them; one node is SIGKILLed mid-load; every job is still answered (the ones in
// flight on the dead node by one retry elsewhere) and none is answered twice.
const IMAGES = [
  'obama_1.jpg',
  'biden_1.jpg',
  'rdj_3.jpg',
  'nicole_2.jpg',
  'kit_harington_1.jpg',
  'sarah_2.jpg',
  'brad_3.jpg',
  'rose_leslie_1.jpg',
  'rob_lowe_1.jpg',
];
const JOBS = 45;
const IN_FLIGHT = 9;

let nodes: NodeProcess[] = [];
let scheduler: InferenceScheduler;
const images = new Map<string, Buffer>();
const reference = new Map<string, number[]>();

beforeAll(async () => {
  nodes = await Promise.all([spawnInferenceNode(), spawnInferenceNode(), spawnInferenceNode()]);
  scheduler = new InferenceScheduler({ nodes: nodes.map((n) => n.address), healthIntervalMs: 500, healthTimeoutMs: 1000 });
  await scheduler.start();
  for (const name of IMAGES) images.set(name, await readFile(join(FACES_DIR, name)));
  for (const name of IMAGES) {
    const r = await scheduler.call('embedFace', { image: images.get(name) });
    reference.set(name, r.embedding?.values ?? []);
  }
});

afterAll(() => {
  scheduler?.close();
  for (const n of nodes) n.kill('SIGKILL');
});

describe('multi-node scheduling', () => {
  it('answers every job exactly once when a node dies mid-load', async () => {
    const answers = new Map<number, number[]>();
    const record = (job: number, values: number[]): void => {
      if (answers.has(job)) throw new Error(`job ${job} answered twice`);
      answers.set(job, values);
    };
    const victim = nodes[1];
    let killedWithOutstanding = -1;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < JOBS) {
        const job = next++;
        const r = await scheduler.call('embedFace', { image: images.get(IMAGES[job % IMAGES.length]) }, { requestId: `job-${job}` });
        record(job, r.embedding?.values ?? []);
        if (answers.size === 15 && killedWithOutstanding < 0) {
          killedWithOutstanding = scheduler.nodes().find((n) => n.address === victim.address)?.outstanding ?? 0;
          expect(scheduler.nodes().every((n) => n.answered > 0)).toBe(true); // all three took work
          victim.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

    expect(answers.size).toBe(JOBS);
    for (const [job, values] of answers) {
      expect(cosineSimilarity(values, reference.get(IMAGES[job % IMAGES.length]) ?? [])).toBeGreaterThan(0.999);
    }
    const status = scheduler.nodes();
    const dead = status.find((n) => n.address === victim.address);
    expect(dead?.health).toBe('down');
    expect(killedWithOutstanding).toBeGreaterThan(0); // it died with jobs in flight...
    expect(dead?.failures).toBeGreaterThan(0); // ...which failed over
    // Every successful answer is counted on the node that gave it: exactly one per job
    // (plus the warm-up embeddings), so no retried job was also answered by the dead node.
    expect(status.reduce((s, n) => s + n.answered, 0)).toBe(JOBS + IMAGES.length);
  });
});
