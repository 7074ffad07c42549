import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { dashboardPageCameFrom } from './came-from.ts';

const from = (referer: string | undefined, host = 'idgate.example') => dashboardPageCameFrom({ headers: { referer, host } } as unknown as FastifyRequest);

describe('dashboardPageCameFrom', () => {
  it('leads back to the dashboard page the form was on, without its query', () => {
    expect(from('https://idgate.example/dashboard/blacklist')).toBe('/dashboard/blacklist');
    expect(from('https://idgate.example/dashboard/webhooks/we_abc-1?notice=created')).toBe('/dashboard/webhooks/we_abc-1');
  });

  it('ignores other hosts, other pages, one-time pages, odd paths and no Referer', () => {
    expect(from('https://evil.example/dashboard/blacklist')).toBeUndefined();
    expect(from('https://idgate.example/verify/v1/init')).toBeUndefined();
    expect(from('https://idgate.example/dashboard/keys/reveal/abc')).toBeUndefined();
    expect(from('https://idgate.example/dashboard/x%22%3E')).toBeUndefined();
    expect(from('not a url')).toBeUndefined();
    expect(from(undefined)).toBeUndefined();
  });
});
