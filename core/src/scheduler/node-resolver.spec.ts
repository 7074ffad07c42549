import { describe, expect, it } from 'vitest';
import { dnsResolver, isDnsTarget, resolveNodes } from './node-resolver.ts';

describe('inference node list', () => {
  it('keeps host:port entries and expands dns:/// to every A record', async () => {
    const resolver = async (host: string) => (host === 'inference.idgate.svc' ? ['10.0.0.7', '10.0.0.8'] : []);
    const nodes = await resolveNodes(['127.0.0.1:50052', 'dns:///inference.idgate.svc:50052'], resolver);
    expect(nodes).toEqual(['127.0.0.1:50052', '10.0.0.7:50052', '10.0.0.8:50052']);
  });

  it('puts an IPv6 address (AAAA record) in brackets, as a gRPC target', async () => {
    const resolver = async () => ['10.0.0.7', 'fd00::7'];
    expect(await resolveNodes(['dns:///inference:50052'], resolver)).toEqual(['10.0.0.7:50052', '[fd00::7]:50052']);
  });

  it('the system resolver answers for a name only /etc/hosts knows (localhost)', async () => {
    expect((await dnsResolver('localhost')).some((ip) => ip === '127.0.0.1' || ip === '::1')).toBe(true);
  });

  it('contributes nothing for a name that does not resolve this round', async () => {
    const resolver = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await resolveNodes(['dns:///gone:1'], resolver)).toEqual([]);
  });

  it('recognises dns targets', () => {
    expect(isDnsTarget('dns:///a:1')).toBe(true);
    expect(isDnsTarget('a:1')).toBe(false);
  });
});
