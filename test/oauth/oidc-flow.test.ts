import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { createRemoteJWKSet, jwtVerify, decodeProtectedHeader } from 'jose';
import { BACKENDS } from '../src/backends.ts';
import { authorizeInBrowser, REDIRECT_URI, registerClient, signUpUser, startOAuthService, type OAuthService } from './oauth-fixture.ts';

/**
 * End to end with a real relying-party library (openid-client 6): discovery, authorize with
 * PKCE S256, login and consent through the real HTML forms, code exchange with both client
 * authentication methods, ID token checked against the JWKS, userinfo per scope, refresh,
 * revocation and introspection — on PGlite and on Postgres + Redis.
 */
describe.each(BACKENDS)('OpenID Connect code flow with openid-client ($name)', (backend) => {
  let svc: OAuthService;
  let client: { client_id: string; client_secret: string };
  let user: { email: string; userId: string };

  beforeAll(async () => {
    svc = await startOAuthService(backend);
    client = await registerClient(svc);
    user = await signUpUser(svc, { bracket: 18 });
  });
  afterAll(() => svc?.close());

  const rpConfig = (auth: 'post' | 'basic') =>
    oidc.discovery(
      new URL(svc.issuer),
      client.client_id,
      undefined,
      auth === 'post' ? oidc.ClientSecretPost(client.client_secret) : oidc.ClientSecretBasic(client.client_secret),
      { execute: [oidc.allowInsecureRequests] },
    );

  async function signIn(config: oidc.Configuration, scope: string) {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const { location, statuses } = await authorizeInBrowser(svc, url.href, { email: user.email });
    const callback = new URL(location);
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    return { tokens, callback, state, nonce, statuses };
  }

  it('C-OIDF-6: discovery has every field of spec §4.2 and the JWKS is cached for an hour', async () => {
    const doc = await (await fetch(`${svc.issuer}/.well-known/openid-configuration`)).json();
    expect(doc).toMatchObject({
      issuer: svc.issuer,
      authorization_endpoint: `${svc.issuer}/oauth/authorize`,
      token_endpoint: `${svc.issuer}/oauth/token`,
      userinfo_endpoint: `${svc.issuer}/oauth/userinfo`,
      revocation_endpoint: `${svc.issuer}/oauth/revoke`,
      introspection_endpoint: `${svc.issuer}/oauth/introspect`,
      jwks_uri: `${svc.issuer}/.well-known/jwks.json`,
      scopes_supported: ['openid', 'profile', 'email', 'age_verification', 'connections'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      claims_supported: [
        'sub',
        'iss',
        'aud',
        'exp',
        'iat',
        'auth_time',
        'nonce',
        'display_name',
        'email',
        'email_verified',
        'age_verified',
        'verified_brackets',
        'meets_threshold',
        'connected_sites_count',
      ],
    });
    const jwks = await fetch(`${svc.issuer}/.well-known/jwks.json`);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=3600');
    const { keys } = await jwks.json();
    expect(keys.length).toBeGreaterThanOrEqual(1);
    for (const k of keys) expect(Object.keys(k).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(keys[0]).toMatchObject({ kty: 'RSA', use: 'sig', alg: 'RS256' });
  });

  it('C-OIDF-6: code flow with client_secret_post; the ID token verifies against the JWKS (iss, aud, exp, nonce)', async () => {
    const config = await rpConfig('post');
    const { tokens, callback, state, nonce, statuses } = await signIn(config, 'openid profile email age_verification connections');
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('iss')).toBe(svc.issuer); // C-BCP-12
    expect(callback.searchParams.get('code')).toMatch(/^xoac_/);
    expect(statuses.filter((s) => s === 307)).toEqual([]); // C-BCP-13: form posts answer 303
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 3600, scope: 'openid profile email age_verification connections' });
    expect(tokens.refresh_token).toMatch(/^xort_/);
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const jwks = createRemoteJWKSet(new URL(`${svc.issuer}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(tokens.id_token!, jwks, { issuer: svc.issuer, audience: client.client_id, algorithms: ['RS256'] });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      sub: user.userId,
      nonce,
      display_name: 'Alex',
      email: user.email,
      email_verified: true,
      age_verified: true,
      verified_brackets: ['+12', '+15', '+18'],
      meets_threshold: { 12: true, 15: true, 18: true, 21: false, 25: false },
      connected_sites_count: 1,
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(typeof payload.auth_time).toBe('number');
    const info = await oidc.fetchUserInfo(config, tokens.access_token, user.userId);
    expect(info).toEqual({
      sub: user.userId,
      display_name: 'Alex',
      email: user.email,
      email_verified: true,
      age_verified: true,
      verified_brackets: ['+12', '+15', '+18'],
      meets_threshold: { 12: true, 15: true, 18: true, 21: false, 25: false },
      // OpenID Connect for Identity Assurance: how and when the age was proved, with the same claims.
      verified_claims: {
        verification: {
          trust_framework: 'idgate_age',
          time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          evidence: [{ type: 'age_proof', method: 'document' }],
        },
        claims: {
          age_verified: true,
          verified_brackets: ['+12', '+15', '+18'],
          meets_threshold: { 12: true, 15: true, 18: true, 21: false, 25: false },
        },
      },
      connected_sites_count: 1,
    });
  });

  it('client_secret_basic; only the claims of granted scopes: no email claims without the email scope', async () => {
    const config = await rpConfig('basic');
    const { tokens } = await signIn(config, 'openid age_verification');
    const claims = tokens.claims()!;
    expect(claims).not.toHaveProperty('email');
    expect(claims).not.toHaveProperty('email_verified');
    expect(claims).not.toHaveProperty('display_name');
    expect(claims).toMatchObject({ age_verified: true, meets_threshold: { 18: true } });
    const info = await oidc.fetchUserInfo(config, tokens.access_token, user.userId);
    expect(Object.keys(info).sort()).toEqual(['age_verified', 'meets_threshold', 'sub', 'verified_brackets', 'verified_claims']);
  });

  it('C-BCP-7: refresh rotates the refresh token; the rotated one is refused and revokes the grant', async () => {
    const config = await rpConfig('post');
    const { tokens } = await signIn(config, 'openid profile');
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toMatch(/^xort_/);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await oidc.fetchUserInfo(config, refreshed.access_token, user.userId)).display_name).toBe('Alex');
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    // reuse detection revoked the whole grant: the newest tokens are dead too
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await oidc.tokenIntrospection(config, refreshed.access_token)).toEqual({ active: false });
  });

  it('C-INT-1, C-REV-1, C-REV-2: introspection active then inactive after revocation; revoke always answers {status:"ok"}', async () => {
    const config = await rpConfig('basic');
    const { tokens } = await signIn(config, 'openid email');
    const active = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(active).toMatchObject({ active: true, scope: 'openid email', client_id: client.client_id, sub: user.userId, iss: svc.issuer, token_type: 'Bearer' });
    expect(typeof active.exp).toBe('number');
    expect(typeof active.iat).toBe('number');
    const rtActive = await oidc.tokenIntrospection(config, tokens.refresh_token!);
    // spec §4.2: an active token's introspection names its type, a refresh token's too
    expect(rtActive).toMatchObject({
      active: true,
      scope: 'openid email',
      client_id: client.client_id,
      sub: user.userId,
      iss: svc.issuer,
      token_type: 'refresh_token',
    });
    expect(typeof rtActive.exp).toBe('number');
    expect(typeof rtActive.iat).toBe('number');
    const revoke = (token: string, hint?: string) =>
      fetch(`${svc.issuer}/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, client_id: client.client_id, client_secret: client.client_secret, ...(hint ? { token_type_hint: hint } : {}) }),
      });
    const res = await revoke(tokens.refresh_token!, 'refresh_token');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(await oidc.tokenIntrospection(config, tokens.refresh_token!)).toEqual({ active: false });
    expect(await oidc.tokenIntrospection(config, tokens.access_token)).toEqual({ active: false });
    await expect(oidc.fetchUserInfo(config, tokens.access_token, user.userId)).rejects.toThrow();
    const again = await revoke(tokens.refresh_token!, 'refresh_token');
    expect([again.status, await again.json()]).toEqual([200, { status: 'ok' }]);
    const unknown = await revoke('xort_unknown');
    expect([unknown.status, await unknown.json()]).toEqual([200, { status: 'ok' }]);
    const noAuth = await fetch(`${svc.issuer}/oauth/introspect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.access_token }),
    });
    expect(noAuth.status).toBe(401);
    expect(await noAuth.json()).toMatchObject({ error: 'invalid_client', error_description: expect.any(String) });
  });

  it('consent session data endpoint answers what the consent screen shows', async () => {
    const config = await rpConfig('post');
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email',
      state: 's1',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(302); // spec §4.2: "answers 302 to the consent screen"
    const consent = new URL(res.headers.get('location')!);
    expect(consent.pathname).toBe('/auth/consent');
    const session = consent.searchParams.get('session')!;
    const found = await fetch(`${svc.issuer}/auth/consent/session?session=${session}`);
    expect(found.headers.get('cache-control')).toBe('no-store');
    expect(await found.json()).toEqual({
      success: true,
      data: { client_name: 'Wine Shop', client_logo: 'https://rp.example/logo.png', scopes: ['openid', 'email'], redirect_uri: REDIRECT_URI },
    });
    const missing = await fetch(`${svc.issuer}/auth/consent/session?session=nope`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect((await missing.json()).error.code).toBe('OAUTH_CONSENT_SESSION_NOT_FOUND');
  });
});
