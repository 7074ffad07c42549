import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM sealing of data at rest (the private signing keys), in the same format as
 * core's DataCipher (`v1.<kid>.<iv>.<ciphertext>.<tag>`) and keyed by the same DATA_KEYS
 * (`kid:base64`, the first encrypts, all decrypt). Copied, not imported: oauth may import only
 * @idgate/protos (DESIGN folder rules).
 */
export class SealingCipher {
  private readonly keys: { kid: string; key: Buffer }[];

  constructor(specs: string[]) {
    this.keys = specs.map((s) => {
      const i = s.indexOf(':');
      if (i <= 0) throw new Error('DATA_KEYS entries must look like kid:base64');
      const key = Buffer.from(s.slice(i + 1), 'base64');
      if (key.length !== 32) throw new Error(`data key ${s.slice(0, i)} must be 32 bytes`);
      return { kid: s.slice(0, i), key };
    });
    if (this.keys.length === 0) throw new Error('SealingCipher needs at least one key');
  }

  seal(plaintext: string, aad: string): string {
    const { kid, key } = this.keys[0];
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', kid, iv.toString('base64url'), ct.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  open(sealed: string, aad: string): string {
    const [version, kid, iv, ct, tag] = sealed.split('.');
    const entry = this.keys.find((k) => k.kid === kid);
    if (version !== 'v1' || !entry) throw new Error('sealed value uses an unknown key');
    const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }
}
