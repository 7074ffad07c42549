import { PassThrough } from 'node:stream';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '@idgate/platform';
import { clientErrorHandler } from './client-error.ts';

/** A socket stand-in that records what the handler writes. */
function fakeSocket() {
  const socket = new PassThrough();
  let written = '';
  socket.on('data', (d) => (written += d));
  return { socket, written: () => written };
}

function handler() {
  const lines: string[] = [];
  const log = createLogger({ level: 'trace', component: 'test', destination: new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }) });
  return { handle: clientErrorHandler(log), lines };
}

const parserError = (code: string) =>
  Object.assign(new Error('Parse Error'), { code, rawPacket: Buffer.from('GET / HTTP/1.1\r\nX-API-Key: sk_live_SecretKeyBytes\r\n') });

describe('clientErrorHandler: requests Node refused before Fastify saw them', () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'HEADERS_TOO_LARGE'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'REQUEST_TIMEOUT'],
    ['HPE_INVALID_HEADER_TOKEN', 400, 'REQUEST_INVALID'],
  ])('%s → %i %s in the envelope, the connection closed, the request bytes not logged', async (code, status, errorCode) => {
    const { handle, lines } = handler();
    const { socket, written } = fakeSocket();
    handle(parserError(code), socket);
    await new Promise((r) => setImmediate(r));
    const [head, body] = written().split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head).toContain('Connection: close');
    expect(JSON.parse(body)).toEqual({ success: false, error: { code: errorCode, message: expect.any(String) } });
    expect(socket.writableEnded).toBe(true);
    expect(lines.join('')).not.toContain('SecretKeyBytes');
  });

  it('writes nothing on a reset or destroyed connection', () => {
    const { handle } = handler();
    const { socket, written } = fakeSocket();
    handle(parserError('ECONNRESET'), socket);
    socket.destroy();
    handle(parserError('HPE_INVALID_METHOD'), socket);
    expect(written()).toBe('');
  });
});
