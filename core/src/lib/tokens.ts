import { createHash, randomFillSync, timingSafeEqual } from 'node:crypto';

/**
 * Random bytes drawn from the CSPRNG 4 KiB at a time and handed out once each: one call into
 * OpenSSL per ~80 tokens instead of one per token (randomFillSync was 2-3% of core's CPU per
 * init, three draws per session). Every byte is used once and the pool is never reused.
 */
const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;

function randomBase64url(bytes: number): string {
  if (bytes > POOL_SIZE) throw new RangeError('randomBase64url: at most 4096 bytes');
  if (offset + bytes > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const out = pool.toString('base64url', offset, offset + bytes);
  offset += bytes;
  return out;
}

/**
 * Identifiers and secrets: the spec's prefix followed by 192 bits of randomness in base64url
 * (DESIGN asks for at least 128 bits in a URL-safe alphabet).
 * @example newToken('xit_') // 'xit_Qm9...'
 */
export function newToken(prefix: string, bytes = 24): string {
  return prefix + randomBase64url(bytes);
}

/**
 * Random id for database rows and events (not a secret, but unguessable): 128 bits, DESIGN's
 * floor for every prefixed identifier (`evt_` is one of them).
 */
export function newId(prefix: string): string {
  return prefix + randomBase64url(16);
}

/** SHA-256 hex of a token: what the database stores instead of the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex digests (or any equal-format strings). */
export function digestsEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

export function sha256Hex(input: string): string {
  return createHash('sha256').update(input, 'utf8').digest('hex');
}
