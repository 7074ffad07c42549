import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/**
 * A decodable JPEG of exactly `bytes` bytes: random noise (what compresses worst, so the most
 * pixels per byte a camera could send) sized a little under the target, then padded after its end
 * marker. Decoders stop at the end marker, so the server sees a real image of that many bytes.
 */
export async function noiseJpeg(bytes: number): Promise<Buffer> {
  const probeSide = 256;
  const probe = await encode(probeSide, probeSide);
  const side = Math.max(16, Math.floor(probeSide * Math.sqrt((0.97 * bytes) / probe.length)));
  let jpeg = await encode(side, side);
  for (let s = side; jpeg.length > bytes && s > 16; s = Math.floor(s * 0.95)) jpeg = await encode(s, s);
  return Buffer.concat([jpeg, Buffer.alloc(bytes - jpeg.length)]);
}

function encode(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
}

/** The JSON body of POST /verify/v1/widget/session/frames carrying `count` copies of `frame`. */
export function framesBody(frame: Buffer, count: number): Buffer {
  const b64 = frame.toString('base64');
  return Buffer.from(JSON.stringify({ frames: Array.from({ length: count }, () => b64) }));
}

/** Raw image bytes whose base64 is `base64Bytes` long (the report measured frames as they travel, in base64). */
export const rawBytesOfBase64 = (base64Bytes: number): number => Math.floor((base64Bytes * 3) / 4);
