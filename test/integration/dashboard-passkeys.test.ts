import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@idgate/oauth';
import { BACKENDS } from '../src/backends.ts';
import { freePort } from '../oauth/browser.ts';
import { startTestService, type TestService } from '../src/harness.ts';
import { sql } from '../src/document-flows.ts';
import { DashboardClient, invitationLinkIn } from '../src/dashboard-client.ts';
import { SoftAuthenticator } from '../src/soft-authenticator.ts';

const PASSWORD = 'correct horse battery';

/**
 * Passkeys of dashboard members (docs/dashboard.md "Signing in") through HTTP with a software
 * authenticator: a member adds one on the team page, signs in with it (discoverable), a replayed
 * assertion is refused, a removed passkey and a removed member's passkey no longer sign in, and the
 * audit log names passkey.added / passkey.removed without key material.
 */
describe.each(BACKENDS)('dashboard passkeys on $name', (backend) => {
  let svc: TestService;
  let base: string;
  let owner: DashboardClient;
  let developer: DashboardClient;
  const stamp = `${backend.name.replace(/\W/g, '').toLowerCase()}${Date.now()}`;

  async function join(email: string): Promise<DashboardClient> {
    const client = new DashboardClient(base);
    const path = new URL(invitationLinkIn(devMailbox.lastTo(email)?.text)!).pathname;
    expect((await client.post(path, { password: PASSWORD })).status).toBe(303);
    return client;
  }

  /** Adds a passkey for `client` the way the team page's script does. */
  async function addPasskey(client: DashboardClient, auth: SoftAuthenticator, name: string) {
    const csrf = await client.csrf();
    const options = await client.json('/dashboard/passkeys/options', {}, { 'x-csrf-token': csrf });
    expect(options.status).toBe(200);
    const response = auth.register(options.body as unknown as PublicKeyCredentialCreationOptionsJSON);
    return client.json('/dashboard/passkeys', { response, name }, { 'x-csrf-token': csrf });
  }

  /** A discoverable sign-in from a fresh browser; answers the client and the sign-in's answer. */
  async function signIn(auth: SoftAuthenticator) {
    const client = new DashboardClient(base);
    const options = await client.json('/dashboard/passkeys/sign-in/options', {});
    expect(options.status).toBe(200);
    const response = auth.assert(options.body as unknown as PublicKeyCredentialRequestOptionsJSON);
    return { client, response, answer: await client.json('/dashboard/passkeys/sign-in', { response }) };
  }

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    svc = await startTestService(backend, { PORT: String(port), BASE_URL: base });
    const tenant = await svc.createTenant();
    const ownerEmail = `owner-${stamp}@shop.example`;
    await svc.admin('POST', `/admin/v1/tenants/${tenant.tenant_id}/team/owners`, { email: ownerEmail });
    owner = await join(ownerEmail);
    await owner.post('/dashboard/team/invite', { csrf: await owner.csrf(), email: `dev-${stamp}@shop.example`, role: 'developer' });
    developer = await join(`dev-${stamp}@shop.example`);
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
  });

  it('adds a passkey, signs in with it once, refuses the replay and audits without key material', async () => {
    const auth = new SoftAuthenticator({ origin: base, rpId: '127.0.0.1' });
    const added = await addPasskey(owner, auth, 'Laptop');
    expect(added).toMatchObject({ status: 200, body: { redirect_to: '/dashboard/team?notice=passkey-added' } });
    const team = await owner.get('/dashboard/team');
    expect(team.html).toContain('Laptop');
    expect(team.html).toContain('Add a passkey');

    const { client, response, answer } = await signIn(auth);
    expect(answer).toMatchObject({ status: 200, body: { redirect_to: '/dashboard/team' } });
    expect((await client.get('/dashboard/team')).html).toContain(`owner-${stamp}@shop.example`);

    const replay = await new DashboardClient(base).json('/dashboard/passkeys/sign-in', { response });
    expect(replay).toMatchObject({ status: 400, body: { code: 'PASSKEY_CHALLENGE_INVALID' } });

    const audit = await owner.get('/dashboard/audit');
    expect(audit.html).toContain('passkey.added');
    const [row] = (await sql(svc, 'select public_key, credential_id from team_passkeys where name = $1', ['Laptop'])) as {
      public_key: string;
      credential_id: string;
    }[];
    expect(audit.html).not.toContain(row!.public_key);
    expect(audit.html).not.toContain(row!.credential_id);
  });

  it('a removed passkey and the passkey of a removed member no longer sign in', async () => {
    const own = new SoftAuthenticator({ origin: base, rpId: '127.0.0.1' });
    expect((await addPasskey(owner, own, 'Phone')).status).toBe(200);
    const [phone] = (await sql(svc, 'select id from team_passkeys where name = $1', ['Phone'])) as { id: string }[];
    const removed = await owner.post(`/dashboard/passkeys/${phone!.id}/remove`, { csrf: await owner.csrf() });
    expect(removed).toMatchObject({ status: 303, location: '/dashboard/team?notice=passkey-removed' });
    expect((await signIn(own)).answer).toMatchObject({ status: 401, body: { code: 'PASSKEY_INVALID' } });
    expect((await owner.get('/dashboard/audit')).html).toContain('passkey.removed');

    const dev = new SoftAuthenticator({ origin: base, rpId: '127.0.0.1' });
    expect((await addPasskey(developer, dev, 'Dev laptop')).status).toBe(200);
    expect((await signIn(dev)).answer.status).toBe(200);
    // Each member manages only their own passkeys: the owner's attempt on the developer's reads as unknown.
    const [devKey] = (await sql(svc, 'select id from team_passkeys where name = $1', ['Dev laptop'])) as { id: string }[];
    expect((await owner.post(`/dashboard/passkeys/${devKey!.id}/remove`, { csrf: await owner.csrf() })).status).toBe(404);
    expect(await sql(svc, 'select id from team_passkeys where id = $1', [devKey!.id])).toHaveLength(1);
    const [member] = (await sql(svc, 'select id from team_members where email = $1', [`dev-${stamp}@shop.example`])) as { id: string }[];
    expect((await owner.post(`/dashboard/team/${member!.id}/remove`, { csrf: await owner.csrf() })).status).toBe(303);
    expect((await signIn(dev)).answer).toMatchObject({ status: 401, body: { code: 'PASSKEY_INVALID' } });
    // A removed member keeps no credential.
    expect(await sql(svc, 'select id from team_passkeys where member_id = $1', [member!.id])).toHaveLength(0);
  });

  it('refuses a post from another origin, a missing CSRF header, an unknown passkey id and junk, never a 500', async () => {
    expect((await new DashboardClient(base, { origin: 'https://evil.example' }).json('/dashboard/passkeys/sign-in/options', {})).status).toBe(403);
    expect((await owner.json('/dashboard/passkeys/options', {})).status).toBe(403);
    expect((await new DashboardClient(base).json('/dashboard/passkeys/sign-in', { response: { id: 'x' } })).status).toBe(400);
    expect((await new DashboardClient(base).json('/dashboard/passkeys/sign-in', {})).status).toBe(400);
    const other = await owner.post('/dashboard/passkeys/tpk_unknown/remove', { csrf: await owner.csrf() });
    expect(other.status).toBe(404);
  });
});
