// The one-time "reveal" records of the dashboard (docs/dashboard.md "Secrets shown once"). A form post
// that makes a key or a signing secret keeps what must be shown in the gateway's key-value store for a
// few minutes and answers 303 to a GET page that shows it; reading it deletes it, so a reload or the
// browser's back/forward never posts again nor shows the secret twice. A record is bound to the session
// that made it: its owner is a hash of the session token (the token itself is never stored), and another
// session reads it as unknown. After the read a tombstone without the secret lets the same session's
// reload say "already shown" rather than "unknown". The secret is sealed with a key derived from the
// session token, so the key-value store (Redis in production) never holds a usable secret on its own.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { KeyValueStore } from '@idgate/platform/kv';

/** How long a made secret waits for its page: long enough for a slow redirect, short enough to leave little behind. */
export const REVEAL_TTL_MS = 5 * 60_000;
/** How long a reload still says "already shown" (it holds no secret). */
const SHOWN_TTL_MS = 60 * 60_000;
const ID = /^[A-Za-z0-9_-]{32}$/;

/** What a reveal page shows: the keys of a project, or an endpoint's signing secret. */
export type Reveal =
  | { kind: 'keys'; title: string; keys: { label: string; value: string }[]; note?: string }
  | { kind: 'webhook'; title: string; endpointUrl: string; secret: string; note?: string };

/** What a GET of a reveal id finds: the record (now deleted), already shown to this session, or nothing of it. */
export type RevealRead = { state: 'shown-now'; reveal: Reveal } | { state: 'already-shown'; kind: Reveal['kind'] } | { state: 'unknown' };

type Stored = { owner: string; kind: Reveal['kind']; sealed: string };
type Tombstone = { owner: string; kind: Reveal['kind'] };

const recordKey = (id: string) => `dashboard:reveal:${id}`;
const shownKey = (id: string) => `dashboard:reveal-shown:${id}`;
const ownerOf = (sessionToken: string) => createHash('sha256').update(`idgate-dashboard-reveal:${sessionToken}`).digest('base64url');
/** A key apart from the owner hash (which is stored): knowing the record and its owner gives no key. */
const sealKeyOf = (sessionToken: string) => createHash('sha256').update(`idgate-dashboard-reveal-key:${sessionToken}`).digest();

/** AES-256-GCM with a fresh nonce; the record id is the associated data, so a sealed value moved to another id fails. */
function seal(sessionToken: string, id: string, reveal: Reveal): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKeyOf(sessionToken), iv).setAAD(Buffer.from(id));
  const body = Buffer.concat([cipher.update(JSON.stringify(reveal), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(sessionToken: string, id: string, sealed: string): Reveal {
  const raw = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealKeyOf(sessionToken), raw.subarray(0, 12)).setAAD(Buffer.from(id)).setAuthTag(raw.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as Reveal;
}

export class RevealStore {
  private readonly kv: KeyValueStore;

  constructor(kv: KeyValueStore) {
    this.kv = kv;
  }

  /** Keeps `reveal` for the session; answers the random id of its page. */
  async put(sessionToken: string, reveal: Reveal): Promise<string> {
    const id = randomBytes(24).toString('base64url');
    const stored: Stored = { owner: ownerOf(sessionToken), kind: reveal.kind, sealed: seal(sessionToken, id, reveal) };
    await this.kv.set(recordKey(id), JSON.stringify(stored), { pxMs: REVEAL_TTL_MS });
    return id;
  }

  /**
   * Reads and deletes the record once. Two reads at once may both fetch it, but only the one whose delete
   * removed it shows it: the store's delete is atomic, so exactly one caller sees the secret. A record of
   * another session or of another kind of page is left alone and reads as unknown.
   */
  async take(sessionToken: string, id: string, kind: Reveal['kind']): Promise<RevealRead> {
    if (!ID.test(id)) return { state: 'unknown' };
    const owner = ownerOf(sessionToken);
    const raw = await this.kv.get(recordKey(id));
    if (raw === null) return this.tombstone(owner, id, kind);
    const stored = JSON.parse(raw) as Stored;
    if (stored.owner !== owner || stored.kind !== kind) return { state: 'unknown' };
    // The tombstone first: a read that comes after the delete finds it and says "already shown".
    const shown: Tombstone = { owner, kind: stored.kind };
    await this.kv.set(shownKey(id), JSON.stringify(shown), { pxMs: SHOWN_TTL_MS });
    if ((await this.kv.del(recordKey(id))) !== 1) return { state: 'already-shown', kind: stored.kind };
    return { state: 'shown-now', reveal: unseal(sessionToken, id, stored.sealed) };
  }

  private async tombstone(owner: string, id: string, kind: Reveal['kind']): Promise<RevealRead> {
    const raw = await this.kv.get(shownKey(id));
    const shown = raw === null ? undefined : (JSON.parse(raw) as Tombstone);
    return shown?.owner === owner && shown.kind === kind ? { state: 'already-shown', kind: shown.kind } : { state: 'unknown' };
  }
}
