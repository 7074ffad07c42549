import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { FACES_DIR } from '@idgate/inference/testing';
import { startInferenceNode, type InferenceNode } from '@idgate/inference';
import { createLogger } from '@idgate/platform';
import { testConfig } from './backends.ts';
import type { TestService } from './harness.ts';

/** A fixture face photo (../shared/fixtures/faces) as the base64 the face endpoints take. */
export const faceImage = (name: string): string => readFileSync(`${FACES_DIR}/${name}`).toString('base64');

/** A plain grey JPEG: decodes, holds no face. */
export const NO_FACE_JPEG = (
  await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 120, g: 140, b: 160 } } })
    .jpeg()
    .toBuffer()
).toString('base64');

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Reads an asynchronous face record (a Face 2FA challenge, a blacklist entry) every 50 ms, up to
 * 30 s, until it is no longer a 200 with status `processing`; the last answer.
 */
export async function untilSettled<R extends { status: number; body: any }>(read: () => Promise<R>): Promise<R> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const r = await read();
    if (r.status !== 200 || r.body.data.status !== 'processing' || Date.now() > deadline) return r;
    await sleep(50);
  }
}

/** Every key of a JSON value, nested ones included. */
export function keysDeep(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(keysDeep);
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [k, ...keysDeep(x)]);
  return [];
}

/** Whether a JSON value holds an array of numbers (what an embedding would look like). */
export function hasNumberArray(v: unknown): boolean {
  if (Array.isArray(v)) return (v.length > 0 && v.every((x) => typeof x === 'number')) || v.some(hasNumberArray);
  if (v && typeof v === 'object') return Object.values(v).some(hasNumberArray);
  return false;
}

/** One real inference node (pool size 1, any free port) with the real models, for a test file. */
export function startTestInferenceNode(): Promise<InferenceNode> {
  const config = testConfig({ INFERENCE_POOL_SIZE: '1', INFERENCE_GRPC_ADDRESS: '127.0.0.1:0' });
  return startInferenceNode({ config, logger: createLogger({ level: 'silent', component: 'inference' }) });
}

/** Waits (up to 5 s) until core's scheduler has seen its inference node healthy. */
export async function inferenceReady(svc: TestService): Promise<void> {
  for (let i = 0; i < 50 && !svc.core.container.inference?.ready(); i++) await sleep(100);
}
