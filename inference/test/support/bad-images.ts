import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Hostile or broken inputs for the bad-input tests, built in memory. */

/**
 * A PNG whose header claims width x height but carries only a few rows of pixel data: a
 * decompression bomb as the decoder sees it. Refusing it must not need to decode (or allocate) anything.
 */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

export function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function animatedGif(): Promise<Buffer> {
  const frame = (background: string) =>
    sharp({ create: { width: 64, height: 64, channels: 3, background } })
      .png()
      .toBuffer();
  return sharp([await frame('red'), await frame('blue')], { join: { animated: true } })
    .gif()
    .toBuffer();
}

export async function blurred(image: Buffer, sigma: number): Promise<Buffer> {
  return sharp(image).rotate().blur(sigma).jpeg().toBuffer();
}

export async function shrunk(image: Buffer, width: number): Promise<Buffer> {
  return sharp(image).rotate().resize(width).jpeg().toBuffer();
}

export async function flatGrey(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .jpeg()
    .toBuffer();
}

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle cx="50" cy="50" r="40"/></svg>');

/**
 * An animated PNG as libvips sees it: a real still PNG with an `acTL` (animation control) chunk
 * after IHDR. libvips decodes only the default image and reports one page, so the frame count of
 * sharp.metadata() cannot tell; the chunk can.
 */
export async function animatedPng(): Promise<Buffer> {
  const still = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'red' } })
    .png()
    .toBuffer();
  const actl = Buffer.alloc(8);
  actl.writeUInt32BE(2, 0); // two frames
  actl.writeUInt32BE(0, 4); // loop for ever
  const afterIhdr = 8 + 8 + 13 + 4;
  return Buffer.concat([still.subarray(0, afterIhdr), chunk('acTL', actl), still.subarray(afterIhdr)]);
}
