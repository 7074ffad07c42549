// Dashboard passwords are hashed with scrypt from node:crypto: a memory-hard KDF that needs no native
// dependency in core. The parameters are stored with each hash so they can be raised later without
// invalidating the hashes already stored.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

/** N = 2^15, r = 8, p = 3: one of OWASP's equivalent scrypt minimums (32 MiB per hash, three passes). */
const DEFAULT = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;

export async function hashPassword(password: string, params: { N: number; r: number; p: number } = DEFAULT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...params, maxmem: 128 * params.N * params.r * 2 });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time comparison; false for any malformed hash rather than an error. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, { ...params, maxmem: 128 * params.N * params.r * 2 });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
