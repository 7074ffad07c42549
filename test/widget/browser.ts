import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { ensureDebianPackage } from '../src/debian-package.ts';
import { DOCUMENTS_DIR, FACES_DIR } from '@idgate/inference/testing';

export const CHROMIUM = '/usr/bin/chromium';
const FACES = `${FACES_DIR}/`;
export const DOCUMENTS = `${DOCUMENTS_DIR}/`;
const CLIPS = join(tmpdir(), 'idgate-widget-clips');

/**
 * Debian's Chromium and ffmpeg (for the fake camera clips), installed with apt-get when missing.
 * Outside CI a machine where that fails skips the browser tests with the reason; under CI it fails.
 */
export function ensureBrowserTools(): { ok: true } | { ok: false; reason: string } {
  const chromium = ensureDebianPackage(CHROMIUM, 'chromium');
  return chromium.ok ? ensureDebianPackage('/usr/bin/ffmpeg', 'ffmpeg') : chromium;
}

/**
 * A fake-camera clip (y4m) from a fixture photo (a face by default; `dir` = DOCUMENTS for a
 * document): the filter frames it (640x480 for faces); temporal noise makes every frame
 * distinct, as a live camera's are (the server rejects repeated frame hashes).
 */
export function fixtureClip(name: string, filter: string, dir = FACES): string {
  mkdirSync(CLIPS, { recursive: true });
  const out = join(CLIPS, `${name.replace(/\W/g, '_')}-${createHash('sha256').update(filter).digest('hex').slice(0, 8)}.y4m`);
  if (!existsSync(out)) {
    execFileSync(
      'ffmpeg',
      ['-loglevel', 'error', '-y', '-loop', '1', '-i', join(dir, name), '-vf', `${filter},noise=alls=2:allf=t,format=yuv420p`, '-t', '4', '-r', '10', out],
      { timeout: 60_000 },
    );
  }
  return out;
}

/** A fake-camera clip of an empty scene (no face at all): a grey-blue wall with camera noise, 640x480. */
export function emptySceneClip(): string {
  mkdirSync(CLIPS, { recursive: true });
  const out = join(CLIPS, 'empty-scene.y4m');
  if (!existsSync(out)) {
    execFileSync(
      'ffmpeg',
      ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x5a5f69:s=640x480:r=10', '-vf', 'noise=alls=6:allf=t,format=yuv420p', '-t', '4', out],
      { timeout: 60_000 },
    );
  }
  return out;
}

/** Headless Chromium with a fresh profile whose camera plays `clip`; the fake UI grants camera access. */
export function launchWithCamera(clip: string): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), 'idgate-widget-chromium-'));
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 480, height: 800 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${clip}`,
    ],
  });
}
