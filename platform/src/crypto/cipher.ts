import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface DataKey {
  kid: string;
  key: Buffer;
}

/**
 * AES-256-GCM for data at rest (result tokens for redirects, webhook secrets, data-match
 * claims). The first key encrypts; every key decrypts, so keys rotate without re-encrypting
 * at once. Format: `v1.<kid>.<iv>.<ciphertext>.<tag>` (base64url parts).
 */
export class DataCipher {
  private readonly keys: DataKey[];

  constructor(keys: DataKey[]) {
    if (keys.length === 0) throw new Error('DataCipher needs at least one key');
    for (const k of keys) if (k.key.length !== 32) throw new Error(`data key ${k.kid} must be 32 bytes`);
    this.keys = keys;
  }

  /** Parses DATA_KEYS entries of the form `kid:base64`. */
  static fromSpecs(specs: string[]): DataCipher {
    return new DataCipher(
      specs.map((s) => {
        const i = s.indexOf(':');
        if (i <= 0) throw new Error('DATA_KEYS entries must look like kid:base64');
        return { kid: s.slice(0, i), key: Buffer.from(s.slice(i + 1), 'base64') };
      }),
    );
  }

  static generateSpec(kid = `k${Date.now().toString(36)}`): string {
    return `${kid}:${randomBytes(32).toString('base64')}`;
  }

  encrypt(plaintext: string, aad = ''): string {
    const { kid, key } = this.keys[0];
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(aad, 'utf8'));
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', kid, iv.toString('base64url'), ct.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  decrypt(sealed: string, aad = ''): string {
    const [version, kid, iv, ct, tag] = sealed.split('.');
    const entry = this.keys.find((k) => k.kid === kid);
    if (version !== 'v1' || !entry) throw new Error('sealed value uses an unknown key');
    const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }
}
