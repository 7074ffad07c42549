import type { ClientRegistry } from '../clients/client-registry.ts';
import { clientMetadata } from '../clients/client-registry.ts';
import type { OidcAdapter, Payload } from './types.ts';

const CACHE_MS = 30_000;

/**
 * Clients come from oauth_clients (registered through the admin API), read-only here. Every
 * token, userinfo and introspection request looks its client up, so found clients are kept
 * in-process for 30 s (registrations are immutable today; unknown ids are never cached).
 */
export class ClientAdapter implements OidcAdapter {
  private readonly registry: ClientRegistry;
  private readonly cache = new Map<string, { payload: Payload; until: number }>();

  constructor(registry: ClientRegistry) {
    this.registry = registry;
  }

  async find(id: string): Promise<Payload | undefined> {
    const hit = this.cache.get(id);
    if (hit && hit.until > Date.now()) return hit.payload;
    const rec = await this.registry.find(id);
    if (!rec) return undefined;
    if (this.cache.size > 1000) this.cache.clear();
    const payload = clientMetadata(rec);
    this.cache.set(id, { payload, until: Date.now() + CACHE_MS });
    return payload;
  }

  async upsert(): Promise<void> {
    throw new Error('clients are registered through the admin API');
  }

  async findByUserCode(): Promise<undefined> {
    return undefined;
  }

  async findByUid(): Promise<undefined> {
    return undefined;
  }

  async consume(): Promise<void> {}

  async destroy(): Promise<void> {}

  async revokeByGrantId(): Promise<void> {}
}
