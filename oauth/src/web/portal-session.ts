import type { KeyValueStore } from '@idgate/platform/kv';
import { newSecret, sameDigest, sha256Hex } from '../crypto/secrets.ts';

const TTL_MS = 3600_000;
export const PORTAL_COOKIE = 'idg_portal';

export interface PortalSession {
  userId: string;
  csrf: string;
  /** When the user signed in (epoch seconds): the `auth_time` this session lends the consent screen. */
  authTime?: number;
}

/**
 * Sessions of the user portal: a random cookie value, stored as its digest in the key-value
 * store for an hour, with a per-session CSRF token every form must echo.
 */
export class PortalSessions {
  private readonly kv: KeyValueStore;

  constructor(kv: KeyValueStore) {
    this.kv = kv;
  }

  async create(userId: string, authTime = Math.floor(Date.now() / 1000)): Promise<string> {
    const id = newSecret('xps_');
    await this.kv.set(this.key(id), JSON.stringify({ userId, csrf: newSecret('', 18), authTime } satisfies PortalSession), { pxMs: TTL_MS });
    return id;
  }

  async get(id: string | undefined): Promise<PortalSession | undefined> {
    if (!id) return undefined;
    const raw = await this.kv.get(this.key(id));
    return raw ? (JSON.parse(raw) as PortalSession) : undefined;
  }

  async destroy(id: string | undefined): Promise<void> {
    if (id) await this.kv.del(this.key(id));
  }

  static csrfOk(session: PortalSession, presented: string): boolean {
    return presented.length > 0 && sameDigest(sha256Hex(session.csrf), sha256Hex(presented));
  }

  private key(id: string): string {
    return `oauth:portal:${sha256Hex(id)}`;
  }
}

export function sessionCookie(value: string, o: { path: string; secure: boolean; maxAgeSeconds: number }): string {
  return `${PORTAL_COOKIE}=${encodeURIComponent(value)}; Path=${o.path || '/'}; HttpOnly; SameSite=Lax; Max-Age=${o.maxAgeSeconds}${o.secure ? '; Secure' : ''}`;
}
