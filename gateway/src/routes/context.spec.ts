import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { toMetadata } from '@idgate/protos';
import { callContext } from './context.ts';

const request = (headers: Record<string, string>, ip = '203.0.113.7') => ({ headers, id: 'req-1', ip }) as unknown as FastifyRequest;

describe('callContext: headers that become gRPC metadata', () => {
  it('passes visible-ASCII credentials, the request id and an IP address on', () => {
    const ctx = callContext(request({ 'x-api-key': 'sk_live_abc', 'x-widget-session': 'xws_def' }));
    expect(ctx).toMatchObject({ apiKey: 'sk_live_abc', widgetSession: 'xws_def', requestId: 'req-1', clientIp: '203.0.113.7' });
    expect(() => toMetadata(ctx)).not.toThrow();
  });

  it('refuses a credential with any other character as an invalid credential of its kind', () => {
    for (const v of ['sk_live_ü', 'sk_live_a b', 'sk_live_\u00e9', 'sk_live_\t'])
      expect(() => callContext(request({ 'x-api-key': v }))).toThrow(expect.objectContaining({ code: 'AUTH_INVALID_KEY' }));
    expect(() => callContext(request({ 'x-widget-session': 'xws_é' }))).toThrow(expect.objectContaining({ code: 'WIDGET_SESSION_INVALID' }));
  });

  it('leaves out a client address that is not an IP (X-Forwarded-For is written by the client)', () => {
    for (const ip of ['évil', '1.2.3.4, 5.6.7.8', 'unknown', '']) expect(callContext(request({}, ip)).clientIp).toBeUndefined();
    expect(callContext(request({}, '::1')).clientIp).toBe('::1');
  });
});
