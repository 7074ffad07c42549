import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's Chromium for the page tests. Installed on demand (apt-get) when missing; outside
 * CI a machine where that is impossible skips the page tests with a message, under CI it fails.
 */
export function ensureChromium(): { ok: true } | { ok: false; reason: string } {
  if (existsSync(CHROMIUM)) return { ok: true };
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'ignore',
      timeout: 540_000,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', timeout: 240_000 });
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
        stdio: 'ignore',
        timeout: 540_000,
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch (err) {
      return { ok: false, reason: `Chromium is not installed at ${CHROMIUM} and apt-get install chromium failed: ${(err as Error).message}` };
    }
  }
  return existsSync(CHROMIUM) ? { ok: true } : { ok: false, reason: `apt-get ran but ${CHROMIUM} is still missing` };
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Headless Chromium with the flags this closed network needs and a fresh profile (--user-data-dir). */
export function launchChromium(opts: { locale: string; colorScheme: 'light' | 'dark' }): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), 'idgate-chromium-'));
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    ...opts,
  });
}

/**
 * One headless Chromium for several independent contexts (browser.newContext(): their own cookies, no
 * profile on disk): a test with several signed-in people starts one browser process instead of one each.
 */
export function launchChromiumBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/**
 * The test relying party (REDIRECT_URI's host) is not reachable from here: the browser answers its
 * callback itself, so a flow can end on the redirect_uri with a code to read.
 */
export async function answerRelyingParty(context: BrowserContext): Promise<void> {
  await context.route('https://rp.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>relying party</h1>' }));
}
