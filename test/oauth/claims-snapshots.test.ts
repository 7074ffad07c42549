import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIMS_SNAPSHOT_TOMBSTONE_MS as TOMBSTONE_MS, saveAgeProof } from '@idgate/oauth';
import { BACKENDS } from '../src/backends.ts';
import { inputValue } from './browser.ts';
import { registerClient, signUpUser, startOAuthService, type OAuthService } from './oauth-fixture.ts';
import { exchange, getCode, userinfo, type RpClient } from './flow-helpers.ts';

/**
 * Userinfo reads the account and grant from claims snapshots in the key-value store
 * (oauth/src/accounts/claims-snapshots.ts). A cached snapshot must never outlive a change made
 * through the service: each case warms the cache with a userinfo call first.
 */
describe.each(BACKENDS)('userinfo claims snapshots ($name)', (backend) => {
  let svc: OAuthService;
  let rp: RpClient;
  const SCOPE = 'openid profile email age_verification';
  let users: (Awaited<ReturnType<typeof signUpUser>> & { tokens: Record<string, string> })[];

  beforeAll(async () => {
    svc = await startOAuthService(backend);
    rp = await registerClient(svc);
    users = [];
    for (let i = 0; i < 4; i++) {
      const user = await signUpUser(svc);
      const { code, verifier } = await getCode(svc, rp, user.email, { browser: user.browser, scope: SCOPE });
      users.push({ ...user, tokens: (await exchange(svc, rp, code, verifier)).body });
    }
    // Sign-up wrote each account just now: its snapshot refuses to be filled for a moment.
    await new Promise((r) => setTimeout(r, TOMBSTONE_MS + 100));
  });
  afterAll(() => svc?.close());

  /** The next prepared user, with the snapshot warmed by one userinfo call. */
  async function signedIn() {
    const user = users.shift()!;
    const first = await userinfo(svc, user.tokens.access_token);
    expect(first.status).toBe(200);
    expect(await svc.kv.get(`oidc:snap:user:${user.userId}`)).toContain(user.userId);
    return { ...user, first: first.body };
  }

  it("userinfo is served from the snapshot (a change behind the service's back is not seen), which holds no password hash", async () => {
    const { userId, tokens } = await signedIn();
    const cached = await svc.kv.get(`oidc:snap:user:${userId}`);
    expect(cached).not.toMatch(/password|argon|scrypt|\$/i);
    await svc.sql.query("UPDATE oauth_users SET display_name = 'Changed behind our back' WHERE id = $1", [userId]);
    expect((await userinfo(svc, tokens.access_token)).body.display_name).toBe('Alex');
  });

  it('an age bracket set through the seam shows in userinfo at once', async () => {
    const { userId, tokens, first } = await signedIn();
    expect(first.meets_threshold['21']).toBe(false);
    await saveAgeProof(svc.sql, userId, { method: 'document', bracket: 21, nextChangeAt: null, verifiedAt: new Date() }, svc.kv);
    const after = (await userinfo(svc, tokens.access_token)).body;
    expect(after.meets_threshold['21']).toBe(true);
    expect(after.verified_brackets).toContain('+21');
  });

  it('C-CON-1 with a warm snapshot: a grant revoked in the portal stops userinfo at once', async () => {
    const { browser, tokens } = await signedIn();
    const page = await (await browser.get(`${svc.issuer}/auth/portal`)).text();
    const res = await browser.post(`${svc.issuer}/auth/portal/grants/revoke`, { client_id: inputValue(page, 'client_id'), csrf: inputValue(page, 'csrf') });
    expect(res.status).toBe(303);
    expect((await userinfo(svc, tokens.access_token)).body.error).toBe('invalid_token');
  });

  it('C-CON-2 with a warm snapshot: a deleted service ID stops userinfo at once', async () => {
    const { browser, tokens } = await signedIn();
    const page = await (await browser.get(`${svc.issuer}/auth/portal`)).text();
    const res = await browser.post(`${svc.issuer}/auth/portal/delete`, { csrf: inputValue(page, 'csrf'), confirm: 'yes' });
    expect(res.status).toBe(303);
    expect((await userinfo(svc, tokens.access_token)).status).toBe(401);
  });
});
