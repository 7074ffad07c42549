import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/worker/sessions.ts';
import { SHARED_MODELS_DIR } from './fixtures/index.ts';

describe('execution providers', () => {
  it('uses CUDA when asked and loadable, otherwise falls back to CPU and says why', async () => {
    const bytes = new Uint8Array(await readFile(join(process.env.MODELS_DIR || SHARED_MODELS_DIR, 'yunet_n_320_320.onnx')));
    const s = await createSession('yunet-n-320', bytes, { executionProvider: 'cuda', intraOpThreads: 1 });
    if (s.provider === 'cpu') expect(s.fallbackReason).toMatch(/CUDA execution provider could not load/);
    else expect(s.fallbackReason).toBeUndefined();
    expect(s.session.inputNames).toEqual(['input']);
  });

  it('runs on CPU by default', async () => {
    const bytes = new Uint8Array(await readFile(join(process.env.MODELS_DIR || SHARED_MODELS_DIR, 'yunet_n_320_320.onnx')));
    const s = await createSession('yunet-n-320', bytes, { executionProvider: 'cpu', intraOpThreads: 1 });
    expect(s).toMatchObject({ provider: 'cpu' });
  });
});
