import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DocumentInputError } from '../../src/document/index.ts';
import { packagedAssetsDir, prepareOcrModelBytes } from '../../src/document/ocr/models.ts';

describe('prepareOcrModelBytes (once per node, shared with the workers)', () => {
  it('gives the simplified models in SharedArrayBuffers', async () => {
    const bytes = await prepareOcrModelBytes();
    for (const part of [bytes.det, bytes.rec, bytes.keys]) {
      expect(part.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(part.length).toBeGreaterThan(0);
    }
  });

  it('refuses an altered model file, naming it, before anything is loaded', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'idgate-ocr-'));
    try {
      for (const file of await readdir(packagedAssetsDir())) await copyFile(join(packagedAssetsDir(), file), join(dir, file));
      await writeFile(join(dir, 'ch_PP-OCRv4_rec_infer.onnx'), 'not the published model');
      const error = await prepareOcrModelBytes(dir).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DocumentInputError);
      expect((error as DocumentInputError).code).toBe('DOCUMENT_MODEL_INTEGRITY');
      expect((error as Error).message).toContain('ch_PP-OCRv4_rec_infer.onnx');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
