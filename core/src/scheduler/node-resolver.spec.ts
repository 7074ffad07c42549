import { describe, expect, it } from 'vitest';
import { isDnsTarget, resolveNodes } from './node-resolver.ts';

describe('inference node list', () => {
  it('keeps host:port entries and expands dns:/// to every A record', async () => {
    const resolver = async (host: string) => (host === 'inference.idgate.svc' ? ['10.0.0.7', '10.0.0.8'] : []);
    const nodes = await resolveNodes(['127.0.0.1:50052', 'dns:///inference.idgate.svc:50052'], resolver);
    expect(nodes).toEqual(['127.0.0.1:50052', '10.0.0.7:50052', '10.0.0.8:50052']);
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
