import { randomBytes } from 'node:crypto';
import { devMailbox, findUserIdByEmail, saveAgeProof, type SqlHandle } from '@idgate/oauth';
import type { Logger } from '@idgate/platform';
import { startTestService, type TestService } from '../src/harness.ts';
import type { Backend } from '../src/backends.ts';
import { CookieBrowser, freePort, inputValue } from './browser.ts';

export const REDIRECT_URI = 'https://rp.example/callback';
export const PASSWORD = 'correct horse battery staple';

export interface OAuthService extends TestService {
  issuer: string;
  sql: SqlHandle;
}

/**
 * The test service with the issuer set to where it really listens (the RP follows discovery).
 * `host` names it: WebAuthn in a browser needs a domain (`localhost`), not an IP address.
 */
export async function startOAuthService(backend: Backend, overrides: Record<string, string> = {}, log?: Logger, host = '127.0.0.1'): Promise<OAuthService> {
  const port = await freePort();
  const issuer = `http://${host}:${port}`;
  const svc = await startTestService(backend, { PORT: String(port), BASE_URL: issuer, ...overrides }, log);
  return Object.assign(svc, { issuer, sql: (svc.database.pglite ?? svc.database.pool) as unknown as SqlHandle });
}

export async function registerClient(
  svc: TestService,
  body: Record<string, unknown> = {},
): Promise<{ client_id: string; client_secret: string; tenant_id: string }> {
  const tenant = await svc.createTenant();
  const created = await svc.admin('POST', '/admin/v1/oauth-clients', {
    tenant_id: tenant.tenant_id,
    name: 'Wine Shop',
    redirect_uris: [REDIRECT_URI],
    logo_uri: 'https://rp.example/logo.png',
    ...body,
  });
  return { ...created, tenant_id: tenant.tenant_id };
}

/** A provider with two registered relying parties (a, b) and one signed-up user: the cast of the black-box OAuth suites. */
export async function startWithTwoClients(backend: Backend) {
  const svc = await startOAuthService(backend);
  const a = await registerClient(svc);
  const b = await registerClient(svc, { name: 'Other Shop' });
  const { email } = await signUpUser(svc);
  return { svc, a, b, email };
}

/**
 * Creates a service account through the portal's real sign-up form, confirms the email
 * through the mailed link, and attaches an age bracket through the seam a verified session uses (docs/decisions/service-ids.md).
 */
export async function signUpUser(
  svc: OAuthService,
  o: { bracket?: number | null; verifyEmail?: boolean } = {},
): Promise<{ email: string; userId: string; browser: CookieBrowser }> {
  const email = `user-${randomBytes(5).toString('hex')}@example.org`;
  const browser = new CookieBrowser();
  const res = await browser.post(`${svc.issuer}/auth/signup`, { display_name: 'Alex', email, password: PASSWORD });
  if (res.status !== 303) throw new Error(`sign-up failed: ${res.status}`);
  if (o.verifyEmail !== false) {
    const link = /https?:\/\/\S+/.exec(devMailbox.lastTo(email)?.text ?? '')?.[0];
    const verified = await fetch(link!);
    if (verified.status !== 200) throw new Error('email verification failed');
  }
  const userId = (await findUserIdByEmail(svc.sql, email))!;
  if (o.bracket !== null)
    await saveAgeProof(
      svc.sql,
      userId,
      { method: 'document', bracket: o.bracket ?? 18, nextChangeAt: new Date('2031-05-01T00:00:00Z'), verifiedAt: new Date() },
      svc.kv,
    );
  return { email, userId, browser };
}

/**
 * Drives the browser through authorize → login form → consent form (allow or deny) and
 * returns the final redirect to the relying party (not followed).
 */
export async function authorizeInBrowser(
  svc: OAuthService,
  authorizeUrl: string,
  o: { email: string; decision?: 'allow' | 'deny'; browser?: CookieBrowser },
): Promise<{ location: string; browser: CookieBrowser; statuses: number[] }> {
  const browser = o.browser ?? new CookieBrowser();
  let step = await browser.follow(authorizeUrl, svc.issuer);
  const statuses = [...step.status];
  for (let i = 0; i < 4 && step.url.startsWith(svc.issuer); i++) {
    const html = await step.res.text();
    const session = inputValue(html, 'session');
    const action = html.includes('name="password"') ? 'login' : o.decision === 'deny' ? 'deny' : 'confirm';
    const form: Record<string, string> = action === 'login' ? { session, email: o.email, password: PASSWORD } : { session };
    const posted = await browser.post(`${svc.issuer}/auth/consent/${action}`, form);
    statuses.push(posted.status);
    step = await browser.follow(new URL(posted.headers.get('location') ?? '', svc.issuer).href, svc.issuer, posted);
    statuses.push(...step.status.slice(1));
  }
  return { location: step.url, browser, statuses };
}
