import { describe, expect, it } from 'vitest';
import { newId, newToken } from './tokens.ts';

describe('tokens from the random pool', () => {
  it('are prefixed, URL-safe, of the asked length and never repeat across pool refills', () => {
    // 24 bytes each: 1000 tokens draw about six 4 KiB pools.
    const tokens = Array.from({ length: 1000 }, () => newToken('xit_'));
    for (const t of tokens) expect(t).toMatch(/^xit_[A-Za-z0-9_-]{32}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    const ids = Array.from({ length: 1000 }, () => newId('ses_'));
    for (const id of ids) expect(id).toMatch(/^ses_[A-Za-z0-9_-]{22}$/); // 128 bits
    expect(new Set([...ids, ...tokens.map((t) => t.slice(4, 20))]).size).toBe(2000);
  });
});
