import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { FaceBox, FaceDetector } from '../../../src/document/index.ts';
import { MODELS_DIR } from './fixtures.ts';

/**
 * Test-only face detector (YuNet-n, shared/models/MANIFEST.md section 5.2) standing in for the
 * face engineer's detector, to check that the document portrait is where readDocument says.
 */
export async function yunetDetector(): Promise<FaceDetector> {
  const session = await ort.InferenceSession.create(await readFile(join(MODELS_DIR, 'yunet_n_320_320.onnx')), { logSeverityLevel: 3 });
  return async (rgb, width, height) => {
    const scale = Math.min(320 / width, 320 / height);
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    const resized = await sharp(rgb, { raw: { width, height, channels: 3 } })
      .resize(w, h, { fit: 'fill' })
      .raw()
      .toBuffer();
    const input = new Float32Array(3 * 320 * 320);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) for (let c = 0; c < 3; c++) input[c * 102400 + y * 320 + x] = resized[(y * w + x) * 3 + (2 - c)];
    const out = await session.run({ input: new ort.Tensor('float32', input, [1, 3, 320, 320]) });
    const faces: FaceBox[] = [];
    for (const s of [8, 16, 32]) {
      const [cls, obj, bbox] = [`cls_${s}`, `obj_${s}`, `bbox_${s}`].map((n) => out[n].data as Float32Array);
      const cols = 320 / s;
      for (let i = 0; i < cls.length; i++) {
        const score = Math.sqrt(Math.min(Math.max(cls[i], 0), 1) * Math.min(Math.max(obj[i], 0), 1));
        if (score < 0.6) continue;
        const cx = ((i % cols) + bbox[i * 4]) * s;
        const cy = (Math.floor(i / cols) + bbox[i * 4 + 1]) * s;
        const bw = Math.exp(bbox[i * 4 + 2]) * s;
        const bh = Math.exp(bbox[i * 4 + 3]) * s;
        faces.push({ x: (cx - bw / 2) / scale, y: (cy - bh / 2) / scale, width: bw / scale, height: bh / scale, score });
      }
    }
    return faces;
  };
}
