import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Spec prefix + 192 random bits in base64url (DESIGN: at least 128 bits, URL-safe). */
export function newSecret(prefix: string, bytes = 24): string {
  return prefix + randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Constant-time comparison of two equal-format strings (digests). */
export function sameDigest(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'utf8');
  const bb = Buffer.from(b, 'utf8');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}
