// Dashboard sessions live in the key-value store under the SHA-256 of their token: the token itself (the
// cookie's value) is never stored, and a session ends by itself after its lifetime.
import { appError } from '@idgate/protos';
import type { KeyValueStore } from '@idgate/platform/kv';
import { hashToken, newToken } from '../lib/tokens.ts';

const TOKEN_RE = /^xds_[A-Za-z0-9_-]{20,100}$/;
const key = (token: string) => `team:session:${hashToken(token)}`;

export class DashboardSessions {
  private readonly kv: KeyValueStore;
  private readonly ttlMs: number;

  constructor(kv: KeyValueStore, ttlMs: number) {
    this.kv = kv;
    this.ttlMs = ttlMs;
  }

  async create(memberId: string): Promise<string> {
    const token = newToken('xds_');
    await this.kv.set(key(token), memberId, { pxMs: this.ttlMs });
    return token;
  }

  /** The member of a live session; TEAM_SESSION_INVALID for anything else. */
  async memberOf(token: string | undefined): Promise<string> {
    const memberId = token && TOKEN_RE.test(token) ? await this.kv.get(key(token)) : null;
    if (!memberId) throw appError('TEAM_SESSION_INVALID');
    return memberId;
  }

  async end(token: string | undefined): Promise<void> {
    if (token && TOKEN_RE.test(token)) await this.kv.del(key(token));
  }
}
