import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Identifiers and secrets: the spec's prefix followed by 192 bits of randomness in base64url
 * (DESIGN asks for at least 128 bits in a URL-safe alphabet).
 * @example newToken('xit_') // 'xit_Qm9...'
 */
export function newToken(prefix: string, bytes = 24): string {
  return prefix + randomBytes(bytes).toString('base64url');
}

/** Short random id for database rows (not a secret). */
export function newId(prefix: string): string {
  return prefix + randomBytes(12).toString('base64url');
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
