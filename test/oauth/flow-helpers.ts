import { createHash, randomBytes } from 'node:crypto';
import { authorizeInBrowser, REDIRECT_URI, type OAuthService } from './oauth-fixture.ts';
import type { CookieBrowser } from './browser.ts';

export interface RpClient {
  client_id: string;
  client_secret: string;
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(svc: OAuthService, client: RpClient, params: Record<string, string | undefined> = {}): string {
  const q = new URLSearchParams();
  const all: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: REDIRECT_URI,
    scope: 'openid profile email',
    state: 'st-' + randomBytes(4).toString('hex'),
    ...params,
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) q.set(k, v);
  return `${svc.issuer}/oauth/authorize?${q}`;
}

/** A fresh authorization code for the user (login + consent through the HTML forms). */
export async function getCode(svc: OAuthService, client: RpClient, email: string, o: { scope?: string; browser?: CookieBrowser } = {}) {
  const p = pkce();
  const state = 'st-' + randomBytes(4).toString('hex');
  const url = authorizeUrl(svc, client, { scope: o.scope ?? 'openid profile email', state, code_challenge: p.challenge, code_challenge_method: 'S256' });
  const { location, browser } = await authorizeInBrowser(svc, url, { email, browser: o.browser });
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  return { code, verifier: p.verifier, state, browser };
}

/** POST /oauth/token with client_secret_post; JSON answer and status. */
export async function tokenRequest(svc: OAuthService, client: RpClient, form: Record<string, string>, auth: 'post' | 'basic' = 'post') {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  const body = new URLSearchParams(form);
  if (auth === 'post') {
    body.set('client_id', client.client_id);
    body.set('client_secret', client.client_secret);
  } else
    headers.authorization = 'Basic ' + Buffer.from(`${encodeURIComponent(client.client_id)}:${encodeURIComponent(client.client_secret)}`).toString('base64');
  const res = await fetch(`${svc.issuer}/oauth/token`, { method: 'POST', headers, body });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

export function exchange(svc: OAuthService, client: RpClient, code: string, verifier: string | undefined, redirectUri = REDIRECT_URI) {
  return tokenRequest(svc, client, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...(verifier ? { code_verifier: verifier } : {}) });
}

export async function userinfo(svc: OAuthService, accessToken: string) {
  const res = await fetch(`${svc.issuer}/oauth/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
}

export async function introspect(svc: OAuthService, client: RpClient, token: string) {
  const res = await fetch(`${svc.issuer}/oauth/introspect`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: client.client_id, client_secret: client.client_secret }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

export async function revoke(svc: OAuthService, client: RpClient, token: string) {
  const res = await fetch(`${svc.issuer}/oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: client.client_id, client_secret: client.client_secret }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}
