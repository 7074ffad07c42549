import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.ts';

describe('dashboard password hashes', () => {
  it('verifies the password it hashed, and no other; never stores the password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{43}$/);
    expect(hash).not.toContain('correct');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterz', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password!!')).not.toBe(await hashPassword('same password!!'));
  });

  it('answers false for a malformed stored hash instead of throwing', async () => {
    for (const bad of ['', 'bcrypt$1$2$3$a$b', 'scrypt$x$8$1$abc$def', 'scrypt$16384$8$1$$']) expect(await verifyPassword('x', bad)).toBe(false);
  });
});
