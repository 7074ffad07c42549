import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, encode } from './content-encoding.ts';

describe('chooseEncoding', () => {
  it('prefers brotli, falls back to gzip, and sends raw bytes when neither is accepted', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('x-gzip')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
  });

  it('honours q-values: a refused encoding (q=0) is never sent, a higher q wins', () => {
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0')).toBeUndefined();
    expect(chooseEncoding('gzip;q=nonsense, br')).toBe('br');
  });
});

describe('encode', () => {
  it('round-trips through the decoder a browser uses', async () => {
    const bytes = Buffer.from('const widget = "hello";\n'.repeat(500));
    const br = await encode(bytes, 'br');
    const gz = await encode(bytes, 'gzip');
    expect(brotliDecompressSync(br)).toEqual(bytes);
    expect(gunzipSync(gz)).toEqual(bytes);
    expect(br.length).toBeLessThan(bytes.length / 10);
  });
});
