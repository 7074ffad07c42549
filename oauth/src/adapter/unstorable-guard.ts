import { errors } from 'oidc-provider';
import { unstorableText } from '@idgate/protos';
import type { OidcAdapter, Payload } from './types.ts';

/**
 * Every adapter behind a guard for text Postgres cannot store or look up: U+0000 or a lone UTF-16
 * surrogate (`token=a%00b`, `client_id=xoc_%00`, `nonce=n%00n`). Before, such a parameter reached a
 * query and came back as a 500 `server_error`, or an authorization code was issued that could never
 * be redeemed. An id holding it names nothing (find answers undefined, so the provider answers
 * invalid_grant, invalid_client, an inactive token…); a payload holding it is refused with
 * `invalid_request` before anything is stored (at the authorization endpoint: a redirect with
 * error=invalid_request, before any code exists).
 */
export class UnstorableGuard implements OidcAdapter {
  private readonly inner: OidcAdapter;

  constructor(inner: OidcAdapter) {
    this.inner = inner;
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    if (unstorable(id) || unstorableText(payload, []).length) {
      throw new errors.InvalidRequest('a parameter contains U+0000 (NUL) or a lone UTF-16 surrogate, which is not accepted');
    }
    return this.inner.upsert(id, payload, expiresIn);
  }

  find(id: string) {
    return unstorable(id) ? Promise.resolve(undefined) : this.inner.find(id);
  }

  findByUserCode(userCode: string) {
    return unstorable(userCode) ? Promise.resolve(undefined) : this.inner.findByUserCode(userCode);
  }

  findByUid(uid: string) {
    return unstorable(uid) ? Promise.resolve(undefined) : this.inner.findByUid(uid);
  }

  consume(id: string) {
    return unstorable(id) ? Promise.resolve() : this.inner.consume(id);
  }

  destroy(id: string) {
    return unstorable(id) ? Promise.resolve() : this.inner.destroy(id);
  }

  revokeByGrantId(grantId: string) {
    return unstorable(grantId) ? Promise.resolve() : this.inner.revokeByGrantId(grantId);
  }

  /** The session store's own extra (accounts/grants.ts: deleting a service ID ends its sessions). */
  async destroyByAccount(accountId: string): Promise<void> {
    await (this.inner as OidcAdapter & { destroyByAccount?(id: string): Promise<void> }).destroyByAccount?.(accountId);
  }
}

function unstorable(id: string): boolean {
  return typeof id === 'string' && unstorableText(id, []).length > 0;
}
