import { describe, expect, it } from 'vitest';
import { isAppError } from '@idgate/protos';
import { parseMultipart } from './multipart-form.ts';
import { uploadedImage } from './uploaded-image.ts';

const LIMITS = { maxParts: 4, maxFieldBytes: 32, fileFields: new Set(['image']) };
const TYPE = 'multipart/form-data; boundary=----b0und';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x0d, 0x0a, 0x2d, 0x2d]);

/** A body as a browser writes one: each part, then the closing delimiter. */
function body(parts: { headers: string[]; data: Buffer | string }[], boundary = '----b0und'): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) chunks.push(Buffer.from(`--${boundary}\r\n${p.headers.join('\r\n')}\r\n\r\n`), Buffer.from(p.data), Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
const text = (name: string, value: string) => ({ headers: [`Content-Disposition: form-data; name="${name}"`], data: value });
const file = (data: Buffer, type = 'image/jpeg', name = 'image') => ({
  headers: [`Content-Disposition: form-data; name="${name}"; filename="me.jpg"`, `Content-Type: ${type}`],
  data,
});
const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return isAppError(err) ? err.code : String(err);
  }
  return 'none';
};

describe('parseMultipart', () => {
  it('reads text fields and a file byte for byte, even one holding CRLF and dashes', () => {
    const form = parseMultipart(body([text('csrf', 't0k'), text('reason', 'café ✓'), file(JPEG)]), TYPE, LIMITS);
    expect(form.fields).toEqual({ csrf: 't0k', reason: 'café ✓' });
    expect(form.files.image).toEqual({ filename: 'me.jpg', contentType: 'image/jpeg', data: JPEG });
  });

  it('takes a quoted boundary and other parameters around it', () => {
    const form = parseMultipart(body([text('a', '1')], 'x y'), 'multipart/form-data; charset=utf-8; boundary="x y"', LIMITS);
    expect(form.fields).toEqual({ a: '1' });
  });

  it.each([
    ['no boundary', body([text('a', '1')]), 'multipart/form-data'],
    ['another boundary', body([text('a', '1')], 'other'), TYPE],
    ['no closing delimiter', Buffer.from('------b0und\r\nContent-Disposition: form-data; name="a"\r\n\r\n1'), TYPE],
    ['a field twice', body([text('a', '1'), text('a', '2')]), TYPE],
    ['a file under another name', body([file(JPEG, 'image/jpeg', 'reason')]), TYPE],
    ['a field over its limit', body([text('a', 'x'.repeat(33))]), TYPE],
    ['too many parts', body([text('a', '1'), text('b', '1'), text('c', '1'), text('d', '1'), text('e', '1')]), TYPE],
    ['a part without a name', body([{ headers: ['Content-Disposition: form-data'], data: '1' }]), TYPE],
    ['a part that is not form-data', body([{ headers: ['Content-Disposition: attachment; name="a"'], data: '1' }]), TYPE],
    ['garbage', Buffer.from('garbage'), TYPE],
  ])('refuses %s with REQUEST_INVALID', (_what, b, type) => {
    expect(codeOf(() => parseMultipart(b, type, LIMITS))).toBe('REQUEST_INVALID');
  });
});

describe('uploadedImage', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
  const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
  const f = (data: Buffer, contentType: string) => ({ filename: 'x', contentType, data });

  it('passes JPEG, PNG and WebP whose bytes match their declared type', () => {
    expect(uploadedImage(f(JPEG, 'image/jpeg'), 100)).toBe(JPEG);
    expect(uploadedImage(f(png, 'image/png'), 100)).toBe(png);
    expect(uploadedImage(f(webp, 'image/webp'), 100)).toBe(webp);
  });

  it.each([
    ['no file', undefined, 'IMAGE_EMPTY'],
    ['an empty file', f(Buffer.alloc(0), 'image/jpeg'), 'IMAGE_EMPTY'],
    ['a file over the limit', f(Buffer.concat([JPEG, Buffer.alloc(100)]), 'image/jpeg'), 'IMAGE_TOO_LARGE'],
    ['a PNG declared as JPEG', f(png, 'image/jpeg'), 'UNSUPPORTED_MEDIA_TYPE'],
    ['an SVG', f(Buffer.from('<svg/>'), 'image/svg+xml'), 'UNSUPPORTED_MEDIA_TYPE'],
    ['a GIF', f(Buffer.from('GIF89a'), 'image/gif'), 'UNSUPPORTED_MEDIA_TYPE'],
  ])('refuses %s', (_what, file, code) => {
    expect(codeOf(() => uploadedImage(file, 100))).toBe(code);
  });
});
