import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chainOf, sha256Hex } from './evidence.ts';

const nodeChain = (nonce: string, hashes: string[]) => {
  let c = createHash('sha256').update(nonce).digest('hex');
  for (const h of hashes)
    c = createHash('sha256')
      .update(c + h)
      .digest('hex');
  return c;
};

describe('device evidence helpers (browser WebCrypto)', () => {
  it('hashes like node:crypto', async () => {
    expect(await sha256Hex(new Uint8Array([1, 2, 3]))).toBe(
      createHash('sha256')
        .update(Buffer.from([1, 2, 3]))
        .digest('hex'),
    );
  });

  it('builds the hash chain the server recomputes', async () => {
    const hashes = ['a'.repeat(64), 'b'.repeat(64), 'c'.repeat(64)];
    expect(await chainOf('n0nce', hashes)).toBe(nodeChain('n0nce', hashes));
    expect(await chainOf('other', hashes)).not.toBe(nodeChain('n0nce', hashes));
  });
});
