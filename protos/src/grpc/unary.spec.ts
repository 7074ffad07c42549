import { describe, expect, it } from 'vitest';
import { toMetadata } from './unary.ts';

describe('toMetadata', () => {
  it('never throws on a value grpc-js refuses (its error would quote the value): the value is left out', () => {
    const md = toMetadata({ apiKey: 'sk_live_ké', widgetSession: 'xws_\u0000', requestId: 'r-1', clientIp: 'é' });
    expect(md.get('x-api-key')).toEqual([]);
    expect(md.get('x-widget-session')).toEqual([]);
    expect(md.get('x-client-ip')).toEqual([]);
    expect(md.get('x-request-id')).toEqual(['r-1']);
  });

  it('sends printable-ASCII values as they are', () => {
    const md = toMetadata({ apiKey: 'sk_live_abc', widgetSession: 'xws_def', clientIp: '::1' });
    expect([md.get('x-api-key'), md.get('x-widget-session'), md.get('x-client-ip')]).toEqual([['sk_live_abc'], ['xws_def'], ['::1']]);
  });
});
