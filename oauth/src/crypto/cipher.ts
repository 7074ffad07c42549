import { DataCipher } from '@idgate/platform';

/**
 * AES-256-GCM sealing of data at rest (the private signing keys) with the service's DATA_KEYS:
 * the same DataCipher (and format) core uses for its secrets.
 */
export class SealingCipher {
  private readonly cipher: DataCipher;

  constructor(specs: string[]) {
    this.cipher = DataCipher.fromSpecs(specs);
  }

  seal(plaintext: string, aad: string): string {
    return this.cipher.encrypt(plaintext, aad);
  }

  open(sealed: string, aad: string): string {
    return this.cipher.decrypt(sealed, aad);
  }
}
