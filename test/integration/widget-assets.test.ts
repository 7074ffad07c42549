import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { hasBestOrtWasmBrotli } from '@idgate/gateway';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestService, type TestService } from '../src/index.ts';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that leaves the body as sent (fetch would decode it and hide the encoding). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const decode = (a: RawAnswer): Buffer =>
  a.headers['content-encoding'] === 'br' ? brotliDecompressSync(a.body) : a.headers['content-encoding'] === 'gzip' ? gunzipSync(a.body) : a.body;

/** The widget's static assets on the wire: precompressed copies chosen by Accept-Encoding. */
describe('widget assets on the wire', () => {
  let svc: TestService;
  let wasmUrl: string;
  let entryUrl: string;

  beforeAll(async () => {
    svc = await startTestService(BACKENDS[0]);
    const cfg = (await svc.http('GET', '/widget/config.json')).body;
    wasmUrl = `${svc.url}${cfg.ortWasmPath}ort-wasm-simd-threaded.wasm`;
    entryUrl = `${svc.url}${/src="(\/widget\/assets\/[^"]+\.js)"/.exec((await svc.http('GET', '/widget')).text)![1]}`;
  }, 120_000);
  afterAll(() => svc?.close());

  it('every asset is served precompressed: brotli when accepted, else gzip, else raw; always Vary: Accept-Encoding', async () => {
    for (const url of [wasmUrl, entryUrl]) {
      const raw = await rawGet(url);
      expect(raw.status).toBe(200);
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.headers.vary).toBe('accept-encoding');
      const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      const gz = await rawGet(url, { 'accept-encoding': 'gzip, deflate' });
      expect([br.headers['content-encoding'], gz.headers['content-encoding']]).toEqual(['br', 'gzip']);
      // Buffer.equals: a deep toEqual over 14 MB takes minutes.
      expect(decode(br).equals(raw.body)).toBe(true);
      expect(decode(gz).equals(raw.body)).toBe(true);
      expect(br.body.length).toBeLessThan(gz.body.length);
      expect(br.headers['content-length']).toBe(String(br.body.length));
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Each encoding has its own validator; a cached copy revalidates to 304 without a body.
      expect(br.headers.etag).not.toBe(gz.headers.etag);
      const again = await rawGet(url, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
      expect([again.status, again.body.length]).toEqual([304, 0]);
    }
    // onnxruntime's WASM, the bulk of a first visit: 14 MB raw, under a fifth of it in brotli.
    const wasm = await rawGet(wasmUrl, { 'accept-encoding': 'br' });
    expect(wasm.body.length).toBeLessThan(decode(wasm).length / 4);
    // With the quality-11 copy `npm install` makes (ort-wasm-brotli.ts): 2.30 MB instead of 2.69 MB.
    if (hasBestOrtWasmBrotli()) expect(wasm.body.length).toBeLessThan(2_350_000);
  });

  it('the .br and .gz copies are reachable only through negotiation on the asset URL', async () => {
    expect((await rawGet(`${wasmUrl}.br`)).status).toBe(404);
    expect((await rawGet(`${entryUrl}.gz`)).status).toBe(404);
  });

  it('models are served compressed too and decode to the bytes their manifest sha256 names', async () => {
    const cfg = (await svc.http('GET', '/widget/config.json')).body;
    const model = cfg.models.detector as { url: string; sha256: string };
    const br = await rawGet(`${svc.url}${model.url}`, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['x-content-sha256']).toBe(model.sha256);
    expect(createHash('sha256').update(decode(br)).digest('hex')).toBe(model.sha256);
    const plain = await rawGet(`${svc.url}${model.url}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(createHash('sha256').update(plain.body).digest('hex')).toBe(model.sha256);
  });

  it('/favicon.ico answers with an icon, not 404', async () => {
    for (const path of ['/favicon.ico', '/favicon.svg']) {
      const icon = await rawGet(`${svc.url}${path}`);
      expect([icon.status, icon.headers['content-type']]).toEqual([200, 'image/svg+xml']);
      expect(icon.body.toString()).toContain('<svg');
    }
    expect((await svc.http('GET', '/widget')).text).toContain('rel="icon"');
  });
});
