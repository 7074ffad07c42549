import { describe, expect, it } from 'vitest';
import { failureWindowKey, subjectDigest } from './failure-window.ts';

describe('failureWindowKey', () => {
  it('names the window a moment falls in, and expires with it', () => {
    const a = failureWindowKey('p', 'alice@example.com', 60_000, 120_000);
    const b = failureWindowKey('p', 'alice@example.com', 60_000, 179_999);
    const c = failureWindowKey('p', 'alice@example.com', 60_000, 180_000);
    expect(a.key).toBe(b.key);
    expect(c.key).not.toBe(a.key);
    expect(a).toMatchObject({ key: `p:${subjectDigest('alice@example.com')}:180000`, ttlMs: 61_000, retryAfterSeconds: 60 });
    expect(b).toMatchObject({ ttlMs: 1_001, retryAfterSeconds: 1 });
  });

  it('keeps the subject out of the key', () => {
    const { key } = failureWindowKey('p', 'alice@example.com', 60_000);
    expect(key).not.toContain('alice');
    expect(subjectDigest('alice@example.com')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
