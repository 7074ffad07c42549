import type { DataCipher } from '../lib/cipher.ts';
import { newToken } from '../lib/tokens.ts';
import type { EndpointRow } from './endpoint.repository.ts';

/** A fresh `whsec_` secret: 32 random bytes, base64url (Standard Webhooks: 24 to 64 bytes). */
export function newWebhookSecret(): string {
  return newToken('whsec_', 32);
}

/**
 * The secrets that sign an attempt now: the current one first, then the previous one while the
 * rotation's overlap window lasts (C-WH-3). Decryptions are memoised by sealed value.
 */
export class SecretBox {
  private readonly cipher: DataCipher;
  private readonly cache = new Map<string, string>();

  constructor(cipher: DataCipher) {
    this.cipher = cipher;
  }

  seal(endpointId: string, secret: string): string {
    return this.cipher.encrypt(secret, endpointId);
  }

  activeSecrets(endpoint: EndpointRow, now: Date): string[] {
    const out = [this.open(endpoint.id, endpoint.secretSealed)];
    if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) {
      out.push(this.open(endpoint.id, endpoint.previousSecretSealed));
    }
    return out;
  }

  private open(endpointId: string, sealed: string): string {
    let plain = this.cache.get(sealed);
    if (plain === undefined) {
      plain = this.cipher.decrypt(sealed, endpointId);
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(sealed, plain);
    }
    return plain;
  }
}
