import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LOCK = join(tmpdir(), 'idgate-apt-install.lock');

/**
 * Installs a Debian package with apt-get when `bin` is missing (Chromium, ffmpeg for the browser tests).
 * Test files start in parallel forks: without the lock a second apt-get fails on dpkg's own lock while the
 * first installs. Under the lock, a fork that waited finds the binary and runs nothing.
 */
export function ensureDebianPackage(bin: string, pkg: string): { ok: true } | { ok: false; reason: string } {
  if (existsSync(bin)) return { ok: true };
  const apt = (args: string) =>
    execFileSync('flock', ['-w', '600', LOCK, 'sh', '-c', `test -x '${bin}' || apt-get ${args}`], {
      stdio: 'ignore',
      timeout: 660_000,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  try {
    apt(`install -y -qq ${pkg}`);
  } catch {
    try {
      apt('update -qq');
      apt(`install -y -qq ${pkg}`);
    } catch (err) {
      return { ok: false, reason: `${bin} is missing and apt-get install ${pkg} failed: ${(err as Error).message}` };
    }
  }
  return existsSync(bin) ? { ok: true } : { ok: false, reason: `apt-get ran but ${bin} is still missing` };
}
