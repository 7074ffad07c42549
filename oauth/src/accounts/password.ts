import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * Passwords are hashed with argon2id (memory-hard). Parameters follow OWASP's minimum for
 * argon2id (19 MiB, 2 passes, 1 lane); the encoded hash carries them, so they can be raised
 * later without breaking existing hashes.
 */
/** `Algorithm.Argon2id` is a const enum (2) in the typings; the literal keeps type stripping happy. */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(encoded: string, password: string): Promise<boolean> {
  try {
    return await verify(encoded, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the email is unknown, so timing does not reveal accounts. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('decoy-password-never-matches');
  return decoy;
}
