import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedGif, animatedPng, blurred, flatGrey, pngHeaderOnly, shrunk, SVG } from './support/bad-images.ts';
import { errorOf, face, startTestNode, type TestNode } from './support/test-node.ts';

// Every bad input gets a clear catalogue code and no worker crashes: the same single worker
// answers all of them, and the node still embeds a good face at the end.
let t: TestNode;
beforeAll(async () => {
  t = await startTestNode({ INFERENCE_POOL_SIZE: '1', INFERENCE_MAX_QUEUE: '1', INFERENCE_MAX_PIXELS: '40000000' });
});
afterAll(() => t?.close());

const embed = (image: Buffer) => t.call('embedFace', { image });

describe('bad images get clear error codes', () => {
  it('empty -> IMAGE_EMPTY', async () => {
    expect((await errorOf(embed(Buffer.alloc(0)))).code).toBe('IMAGE_EMPTY');
  });

  it('not an image -> IMAGE_UNDECODABLE', async () => {
    const err = await errorOf(embed(Buffer.from('%PDF-1.4 this is not a photo of a face')));
    expect(err.code).toBe('IMAGE_UNDECODABLE');
  });

  it('truncated JPEG -> IMAGE_UNDECODABLE', async () => {
    const jpeg = await face('obama_1.jpg');
    expect((await errorOf(embed(jpeg.subarray(0, Math.floor(jpeg.length * 0.6))))).code).toBe('IMAGE_UNDECODABLE');
  });

  it('SVG (a program, not a photo) -> IMAGE_UNDECODABLE with the format named', async () => {
    const err = await errorOf(embed(SVG));
    expect(err.code).toBe('IMAGE_UNDECODABLE');
    expect(err.details?.reasons).toEqual(['unsupported_format_svg']);
  });

  it('over the pixel limit -> IMAGE_TOO_LARGE from the header alone, before any decoding', async () => {
    const bomb = pngHeaderOnly(30_000, 30_000); // 900 MP claimed, 57 bytes sent
    const started = performance.now();
    const err = await errorOf(embed(bomb));
    expect(err.code).toBe('IMAGE_TOO_LARGE');
    expect(err.details?.reasons).toEqual(['image_pixels_over_limit']);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('animated GIF -> IMAGE_ANIMATED', async () => {
    expect((await errorOf(embed(await animatedGif()))).code).toBe('IMAGE_ANIMATED');
  });

  it('animated PNG (APNG, which libvips reports as one page) -> IMAGE_ANIMATED', async () => {
    const err = await errorOf(embed(await animatedPng()));
    expect(err.code).toBe('IMAGE_ANIMATED');
    expect(err.details?.reasons).toEqual(['image_has_multiple_frames']);
  });
});

describe('accepted formats (README "Images"): what cameras, phones and scanners produce', () => {
  it('the same face as PNG, WebP, AVIF (HEIF family), TIFF and a one-frame GIF is embedded like the JPEG', async () => {
    const jpeg = await face('obama_1.jpg');
    const encoded = {
      png: await sharp(jpeg).png().toBuffer(),
      webp: await sharp(jpeg).webp().toBuffer(),
      avif: await sharp(jpeg).avif().toBuffer(),
      tiff: await sharp(jpeg).tiff().toBuffer(),
      gif: await sharp(jpeg).gif().toBuffer(),
    };
    for (const [format, bytes] of Object.entries(encoded)) {
      const res = (await embed(bytes)) as { embedding: { values: number[] } };
      expect(res.embedding.values, format).toHaveLength(512);
    }
  });

  it('a multi-page TIFF -> IMAGE_ANIMATED, like any image of several frames', async () => {
    const jpeg = await face('obama_1.jpg');
    const page = await sharp(jpeg).resize(200).raw().toBuffer({ resolveWithObject: true });
    const twoPages = await sharp(Buffer.concat([page.data, page.data]), {
      raw: { width: page.info.width, height: page.info.height * 2, channels: 3, pageHeight: page.info.height } as never,
    })
      .tiff()
      .toBuffer();
    expect((await errorOf(embed(twoPages))).code).toBe('IMAGE_ANIMATED');
  });
});

describe('unusable faces get clear error codes and reasons', () => {
  it('no face -> FACE_NOT_FOUND', async () => {
    expect((await errorOf(embed(await flatGrey()))).code).toBe('FACE_NOT_FOUND');
  });

  it('six people (group_6_people.jpg) -> FACE_MULTIPLE', async () => {
    const err = await errorOf(embed(await face('group_6_people.jpg')));
    expect(err.code).toBe('FACE_MULTIPLE');
    expect(err.details?.faceCount).toBe(6);
  });

  it('a heavily blurred face -> FACE_QUALITY_LOW, face_blurry', async () => {
    const err = await errorOf(embed(await blurred(await face('obama_1.jpg'), 8)));
    expect(err.code).toBe('FACE_QUALITY_LOW');
    expect(err.details?.reasons).toContain('face_blurry');
  });

  it('a face too small to compare -> FACE_QUALITY_LOW, face_too_small', async () => {
    const err = await errorOf(embed(await shrunk(await face('obama_1.jpg'), 140)));
    expect(err.code).toBe('FACE_QUALITY_LOW');
    expect(err.details?.reasons).toContain('face_too_small');
  });

  it('DetectFaces reports the same problems as data instead of an error', async () => {
    const r = await t.call('detectFaces', { image: await face('group_6_people.jpg') });
    expect(r.usable ?? false).toBe(false);
    expect(r.reasons).toContain('multiple_faces');
    expect(r.faces).toHaveLength(6);
  });
});

describe('backpressure and deadlines', () => {
  it('a full queue answers INFERENCE_BUSY with retryAfterSeconds instead of queueing without bound', async () => {
    const image = await face('obama_1.jpg');
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.call('checkFace', { frames: [image] }).then(
          () => 'ok',
          (e: { code: string; details?: { retryAfterSeconds?: number } }) => e,
        ),
      ),
    );
    const busy = results.filter((r) => r !== 'ok') as { code: string; details?: { retryAfterSeconds?: number } }[];
    expect(results.filter((r) => r === 'ok').length).toBeGreaterThanOrEqual(2); // 1 running + 1 queued
    expect(busy.length).toBeGreaterThan(0);
    for (const b of busy) {
      expect(b.code).toBe('INFERENCE_BUSY');
      expect(b.details?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
  });

  it('a deadline shorter than the work ends the call with a timeout', async () => {
    const err = await errorOf(t.call('checkFace', { frames: [await face('obama_1.jpg')] }, { deadline: new Date(Date.now() + 5) }));
    expect(['UPSTREAM_TIMEOUT', 'INFERENCE_TIMEOUT']).toContain(err.code);
  });

  it('the deadline reaches the node: a job still queued when it passes leaves the queue at once', async () => {
    const frame = await face('obama_1.jpg');
    // The job the previous test abandoned may still hold a place until its worker's next stop check.
    while (((await t.call('health', {})).busy ?? 0) > 0) await new Promise((r) => setTimeout(r, 5));
    // The only worker's two places (INFERENCE_TASKS_PER_WORKER's default) are taken: the next job waits.
    const long = [t.call('checkFace', { frames: Array(8).fill(frame) }), t.call('checkFace', { frames: Array(8).fill(frame) })];
    await new Promise((r) => setTimeout(r, 100)); // both have reached the node (an 8-frame check takes longer)
    const err = await errorOf(t.call('checkFace', { frames: [frame] }, { deadline: new Date(Date.now() + 60) }));
    expect(['UPSTREAM_TIMEOUT', 'INFERENCE_TIMEOUT']).toContain(err.code);
    await new Promise((r) => setTimeout(r, 30));
    const health = await t.call('health', {});
    expect(health.busy).toBe(1); // the long jobs still run...
    expect(health.queued ?? 0).toBe(0); // ...but the abandoned one is no longer waiting for them
    await Promise.all(long);
  });

  it('still answers a good face afterwards with the same worker pool', async () => {
    const r = await t.call('embedFace', { image: await face('obama_2.jpg') });
    expect(r.embedding!.values).toHaveLength(512);
    const health = await t.call('health', {});
    expect(health).toMatchObject({ ready: true, poolSize: 1 });
  });
});
