import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { ensureDebianPackage } from '../src/debian-package.ts';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's Chromium for the page tests, installed on demand when missing; outside CI a machine where
 * that is impossible skips the page tests with a message, under CI it fails.
 */
export function ensureChromium(): { ok: true } | { ok: false; reason: string } {
  return ensureDebianPackage(CHROMIUM, 'chromium');
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
