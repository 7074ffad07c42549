import { readdirSync } from 'node:fs';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { DOCUMENTS_DIR, FACES_DIR } from '@idgate/inference/testing';
import { ANALYSIS_WIDTH, GUIDE_ASPECT, documentGuidance, type DocumentGuide } from '@idgate/gateway/document-guidance';
import { licenceImage, passportImage } from '../src/document-generator.ts';

// The document camera's guidance (gateway/src/widget/document-guidance.ts) on real images: the
// specimen fixtures and generated documents held in the guide, faces filling it, an empty table,
// a card without an MRZ. Pure functions, no service: the images are decoded with sharp.

const W = ANALYSIS_WIDTH;
const H = Math.round(W / GUIDE_ASPECT);
const TABLE = '#5a5f69';

interface Crop {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The guide's grey image with the document `share` of its width (or height, whichever binds), centred on a table. */
async function held(input: string | Buffer, share: number, o: { table?: string; crop?: Crop; blur?: number } = {}): Promise<Float32Array> {
  let img = sharp(input).rotate();
  if (o.crop) img = img.extract(o.crop);
  const doc = await img
    .resize({ width: Math.round(W * share), height: Math.round(H * share), fit: 'inside' })
    .png()
    .toBuffer();
  const { width = 0, height = 0 } = await sharp(doc).metadata();
  let scene = sharp(
    await sharp({ create: { width: W, height: H, channels: 3, background: o.table ?? TABLE } })
      .composite([{ input: doc, left: Math.round((W - width) / 2), top: Math.round((H - height) / 2) }])
      .png()
      .toBuffer(),
  );
  if (o.blur) scene = scene.blur(o.blur);
  return grey(scene);
}

/** A photo scaled to cover the whole guide (a face held up close). */
async function filling(file: string): Promise<Float32Array> {
  return grey(sharp(file).rotate().resize(W, H, { fit: 'cover' }));
}

async function grey(img: Sharp): Promise<Float32Array> {
  return Float32Array.from(await img.greyscale().raw().toBuffer());
}

const guide = (g: Float32Array): DocumentGuide => documentGuidance(g, W, H);
const DOC = (name: string) => `${DOCUMENTS_DIR}/${name}`;
const EAD = DOC('us_ead_td1_pdf417_specimen_back.jpg');
/** The EAD fixture shows two card backs side by side: the PDF417 one (left) and the MRZ one (right). */
const EAD_PDF417: Crop = { left: 0, top: 0, width: 207, height: 131 };
const EAD_MRZ: Crop = { left: 212, top: 0, width: 358, height: 224 };

/** Every document image whose side in view has an MRZ or a PDF417 barcode. */
async function documents(): Promise<[string, (share: number, table?: string) => Promise<Float32Array>][]> {
  const passport = await passportImage();
  const licence = await licenceImage();
  return [
    ['ID card back, TD1 MRZ (DEU)', (s, table) => held(DOC('id_card_td1_deu_specimen_back.jpg'), s, { table })],
    ['passport TD3 (CZE)', (s, table) => held(DOC('passport_td3_cze_specimen.jpg'), s, { table })],
    ['passport TD3 (Utopia)', (s, table) => held(DOC('passport_td3_utopia_specimen.jpg'), s, { table })],
    ['travel document TD2 (Utopia)', (s, table) => held(DOC('travel_doc_td2_utopia_specimen.jpg'), s, { table })],
    ['EAD card back, TD1 MRZ', (s, table) => held(EAD, s, { table, crop: EAD_MRZ })],
    ['EAD card back, PDF417', (s, table) => held(EAD, s, { table, crop: EAD_PDF417 })],
    ['generated passport (TD3 MRZ)', (s, table) => held(passport, s, { table })],
    ['generated driving licence (PDF417)', (s, table) => held(licence, s, { table })],
  ];
}

/** A card of ID-1 shape with a portrait and printed fields but no MRZ or barcode (a card's front). */
async function blankCard(): Promise<Buffer> {
  const field = (y: number, text: string) => `<text x="360" y="${y}" font-family="DejaVu Sans" font-size="30" fill="#222">${text}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540"><rect width="856" height="540" fill="#e9eef2"/>
    <text x="40" y="60" font-family="DejaVu Sans" font-size="34" font-weight="bold" fill="#123">IDENTITY CARD</text>
    ${field(140, 'SURNAME')}${field(200, 'GIVEN NAMES')}${field(260, '01.01.1990')}${field(320, 'CITY')}</svg>`;
  const portrait = await sharp(`${FACES_DIR}/obama_1.jpg`).resize(260, 330, { fit: 'cover' }).jpeg().toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: portrait, left: 50, top: 110 }])
    .jpeg()
    .toBuffer();
}

describe('document camera guidance on real images', () => {
  it('documents whose side has an MRZ or a PDF417 barcode, filling the guide: ready (dark and light tables)', async () => {
    const seen: Record<string, DocumentGuide[]> = {};
    for (const [name, make] of await documents()) {
      seen[name] = [guide(await make(0.92)), guide(await make(0.75)), guide(await make(0.85, '#3a3026'))];
    }
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((name) => [name, ['doc_guide_ready', 'doc_guide_ready', 'doc_guide_ready']])));
  });

  it('on a white desk (paper darker than around it) the documents with a printed border or light paper still read ready', async () => {
    const desk = '#f7f7f5';
    for (const name of ['id_card_td1_deu_specimen_back.jpg', 'passport_td3_utopia_specimen.jpg', 'travel_doc_td2_utopia_specimen.jpg'])
      expect(guide(await held(DOC(name), 0.85, { table: desk })), name).toBe('doc_guide_ready');
  });

  it('the same documents at half the guide: come closer ("frame"), never ready', async () => {
    for (const [name, make] of await documents()) expect(guide(await make(0.5)), name).toBe('doc_guide_frame');
  });

  it('a face filling the guide is no document: every face fixture reads "none" (or "dark" for a dim one)', async () => {
    const faces = readdirSync(FACES_DIR).filter((f) => /\.(jpe?g|webp)$/.test(f));
    expect(faces.length).toBeGreaterThan(20);
    const hints = Object.fromEntries(await Promise.all(faces.map(async (f) => [f, guide(await filling(`${FACES_DIR}/${f}`))] as const)));
    for (const [f, hint] of Object.entries(hints)) expect(['doc_guide_none', 'doc_guide_dark'], f).toContain(hint);
    expect(Object.values(hints).filter((h) => h === 'doc_guide_none').length).toBeGreaterThanOrEqual(faces.length - 1); // measured: 33 of 34, biden_1.jpg is dim
  });

  it('an empty table reads "none"; a card of ID-1 shape without an MRZ or barcode asks for the other side', async () => {
    const table = await grey(sharp({ create: { width: W, height: H, channels: 3, background: TABLE } }).png());
    expect(guide(table)).toBe('doc_guide_none');
    expect(guide(await held(await blankCard(), 0.9))).toBe('doc_guide_side');
  });

  it('a defocused document reads "blurry", a dim one "dark"', async () => {
    const passport = DOC('passport_td3_utopia_specimen.jpg');
    expect(guide(await held(passport, 0.9, { blur: 3 }))).toBe('doc_guide_blurry');
    expect(guide((await held(passport, 0.9)).map((v) => v * 0.15))).toBe('doc_guide_dark');
  });

  it('per-frame cost at the analysis size (480 x 320) stays a few milliseconds', async () => {
    const frames = [await held(DOC('passport_td3_utopia_specimen.jpg'), 0.9), await filling(`${FACES_DIR}/biden_1.jpg`), await held(await blankCard(), 0.9)];
    for (let i = 0; i < 30; i++) guide(frames[i % 3]); // warm-up (JIT)
    const times: number[] = [];
    for (let i = 0; i < 150; i++) {
      const t = performance.now();
      guide(frames[i % 3]);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const median = times[75];
    const p95 = times[142];
    console.log(`[document guidance] per frame at ${W}x${H}: median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${times[149].toFixed(2)} ms`);
    // The camera analyses 5 frames a second on the main thread; the page's longest task must stay far below 100 ms.
    expect(p95).toBeLessThan(25);
  });
});
