import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createLogger } from '@idgate/platform';
import { devMailbox } from '@idgate/oauth';
import { BACKENDS } from '../src/backends.ts';
import { CookieBrowser } from './browser.ts';
import { PASSWORD, startOAuthService, type OAuthService } from './oauth-fixture.ts';

/**
 * Service-account mail through a real SMTP relay (SMTP_URL): a local smtp-server in the test,
 * the external boundary. Sign-up mails the verification link through it; when the relay
 * refuses, the sign-up is undone and the page says so (503), with nothing left half-made.
 */
describe.each(BACKENDS)('sign-up mail over SMTP ($name)', (backend) => {
  let svc: OAuthService;
  let relay: SMTPServer;
  const received: { from: string; to: string[]; raw: string }[] = [];
  const logs: string[] = [];
  let refuse = false;

  beforeAll(async () => {
    relay = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, cb) {
        cb(refuse ? Object.assign(new Error(`550 mailbox ${address.address} unavailable`), { responseCode: 550 }) : undefined);
      },
      onData(stream, session, cb) {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
          cb();
        });
      },
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', () => r()));
    const port = (relay.server.address() as { port: number }).port;
    const sink = new Writable({
      write: (chunk, _enc, done) => {
        logs.push(String(chunk));
        done();
      },
    });
    svc = await startOAuthService(
      backend,
      { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'idgate <no-reply@idgate.test>' },
      createLogger({ level: 'warn', component: 'test', destination: sink }),
    );
  });
  afterAll(async () => {
    await svc?.close();
    await new Promise<void>((r) => relay.close(() => r()));
  });

  const signUp = (email: string) => new CookieBrowser().post(`${svc.issuer}/auth/signup`, { display_name: 'Sam', email, password: PASSWORD });
  const emailVerified = async (email: string) =>
    (await svc.sql.query<{ email_verified: boolean }>('SELECT email_verified FROM oauth_users WHERE email = $1', [email])).rows[0]?.email_verified;

  it('the verification link goes out through the relay, not the development mailbox, and confirms the address', async () => {
    refuse = false;
    const email = `smtp-${Date.now()}@example.org`;
    expect((await signUp(email)).status).toBe(303);
    const mail = received.find((m) => m.to.includes(email))!;
    expect(mail.from).toBe('no-reply@idgate.test');
    expect(devMailbox.lastTo(email)).toBeUndefined();
    const link = /https?:\/\/\S+verify-email\?token=[A-Za-z0-9_%-]+/.exec(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![0];
    expect(await emailVerified(email)).toBe(false);
    expect((await fetch(link)).status).toBe(200);
    expect(await emailVerified(email)).toBe(true);
  });

  it('a relay that refuses the mail undoes the sign-up: 503 with Retry-After, no account left, no address in the logs; the same address signs up later', async () => {
    refuse = true;
    const email = `refused-${Date.now()}@example.org`;
    const res = await signUp(email);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.text()).toContain('could not send the confirmation email');
    expect(await emailVerified(email)).toBeUndefined();
    expect(logs.some((l) => l.includes('sign-up undone'))).toBe(true);
    expect(logs.join('\n')).not.toContain(email);
    refuse = false;
    expect((await signUp(email)).status).toBe(303);
  });
});
