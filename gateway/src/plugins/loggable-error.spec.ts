import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { createLogger } from '@idgate/platform';
import { loggableError } from './loggable-error.ts';

const KEY = 'sk_live_Q2xlYXJseU5vdEFSZWFsS2V5';
const request = {
  headers: { 'x-api-key': `${KEY}é`, 'x-widget-session': 'xws_SessionValue123', 'user-agent': 'curl/8.0', accept: '*/*' },
  url: '/verify/v1/result/xtk_TokenInTheUrl42?cursor=SomeCursorValue',
  params: { token: 'xtk_TokenInTheUrl42' },
  query: { cursor: 'SomeCursorValue' },
} as unknown as FastifyRequest;

function logged(err: unknown): string {
  const lines: string[] = [];
  const log = createLogger({ component: 'test', destination: new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }) });
  log.error({ err: loggableError(err, request) }, 'unhandled error');
  return lines.join('');
}

describe('loggableError', () => {
  it('cuts every request value an error quotes out of its message and stack (grpc-js quotes a refused metadata value whole)', () => {
    const line = logged(
      new Error(
        `Metadata string value "${KEY}é" contains illegal characters; session xws_SessionValue123; url /verify/v1/result/xtk_TokenInTheUrl42?cursor=SomeCursorValue`,
      ),
    );
    for (const secret of [KEY.slice(8), 'SessionValue123', 'TokenInTheUrl42', 'SomeCursorValue', 'curl/8.0']) expect(line).not.toContain(secret);
    expect(JSON.parse(line).err.message).toContain('Metadata string value "[redacted]" contains illegal characters');
  });

  it('cuts out anything shaped like a key or token of the service, even when the request did not carry it, in causes too', () => {
    const cause = Object.assign(new Error('params: pk_live_AbCdEf0123456789, whsec_SecretOfAWebhook00'), { code: '22P05' });
    const line = logged(new Error('query failed for xit_InitTokenValue99', { cause }));
    for (const secret of ['AbCdEf0123456789', 'SecretOfAWebhook00', 'InitTokenValue99']) expect(line).not.toContain(secret);
    expect(line).toContain('pk_live_[redacted]');
  });

  it('keeps the error type, code and stack for the bug report', () => {
    class DrizzleQueryError extends Error {
      override name = 'DrizzleQueryError';
    }
    const err = Object.assign(new DrizzleQueryError('boom'), { code: 'XX000' });
    const out = JSON.parse(logged(err)).err;
    expect(out.type).toBe('DrizzleQueryError');
    expect(out.code).toBe('XX000');
    expect(out.stack).toContain('loggable-error.spec.ts');
  });
});
