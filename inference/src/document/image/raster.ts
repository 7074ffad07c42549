/** A single-channel 8-bit image, row-major. Pure helpers only: this file runs in any JS engine. */
export interface Gray {
  readonly data: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/** An oriented rectangle: centre, size along its own axes, and angle of its width axis in radians. */
export interface RotatedRect {
  cx: number;
  cy: number;
  width: number;
  height: number;
  angle: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

function bilinear(src: Gray, x: number, y: number): number {
  const { data, width, height } = src;
  const cx = Math.min(Math.max(x, 0), width - 1);
  const cy = Math.min(Math.max(y, 0), height - 1);
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(x0 + 1, width - 1);
  const y1 = Math.min(y0 + 1, height - 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const top = data[y0 * width + x0] * (1 - fx) + data[y0 * width + x1] * fx;
  const bottom = data[y1 * width + x0] * (1 - fx) + data[y1 * width + x1] * fx;
  return top * (1 - fy) + bottom * fy;
}

/**
 * Samples an oriented rectangle of `src` into an upright outWidth×outHeight image (bilinear,
 * edge pixels repeated outside the source). Used to cut and deskew one text line.
 */
export function sampleRotatedRect(src: Gray, rect: RotatedRect, outWidth: number, outHeight: number): Gray {
  const out = new Uint8Array(outWidth * outHeight);
  const cos = Math.cos(rect.angle);
  const sin = Math.sin(rect.angle);
  const sx = rect.width / outWidth;
  const sy = rect.height / outHeight;
  for (let v = 0; v < outHeight; v++) {
    const dy = (v + 0.5) * sy - rect.height / 2;
    for (let u = 0; u < outWidth; u++) {
      const dx = (u + 0.5) * sx - rect.width / 2;
      const x = rect.cx + dx * cos - dy * sin - 0.5;
      const y = rect.cy + dx * sin + dy * cos - 0.5;
      out[v * outWidth + u] = bilinear(src, x, y);
    }
  }
  return { data: out, width: outWidth, height: outHeight };
}

/** Axis-aligned crop, clamped to the image. */
export function crop(src: Gray, rect: Rect): Gray {
  const x0 = Math.max(0, Math.floor(rect.x));
  const y0 = Math.max(0, Math.floor(rect.y));
  const x1 = Math.min(src.width, Math.ceil(rect.x + rect.width));
  const y1 = Math.min(src.height, Math.ceil(rect.y + rect.height));
  const width = Math.max(0, x1 - x0);
  const height = Math.max(0, y1 - y0);
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) out.set(src.data.subarray((y0 + y) * src.width + x0, (y0 + y) * src.width + x0 + width), y * width);
  return { data: out, width, height };
}

/** Rotates by a multiple of 90 degrees clockwise (quarterTurns in 0..3). */
export function rotateQuarter(src: Gray, quarterTurns: number): Gray {
  const turns = ((quarterTurns % 4) + 4) % 4;
  if (turns === 0) return src;
  const { width: w, height: h, data } = src;
  const outW = turns === 2 ? w : h;
  const outH = turns === 2 ? h : w;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [nx, ny] = turns === 1 ? [h - 1 - y, x] : turns === 2 ? [w - 1 - x, h - 1 - y] : [y, w - 1 - x];
      out[ny * outW + nx] = data[y * w + x];
    }
  }
  return { data: out, width: outW, height: outH };
}
