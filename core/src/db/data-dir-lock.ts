import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { appError } from '@idgate/protos';

const LOCK_FILE = 'idgate.lock';

/** Opens held by this thread, per lock path: core and the OAuth adapter may share one folder. */
const held = new Map<string, number>();

/**
 * One process per embedded-database folder. PGlite is a single-process database: a second
 * process opening the same files would corrupt them, and nothing in PGlite stops it. The lock
 * file holds the owner's pid; a lock whose pid no longer runs (a crash, a kill -9) is stale
 * and taken over. A lock with this process's own pid was written either by another thread of this
 * process (the all-in-one runs core on a thread of its own: two threads opening one folder would
 * corrupt it just the same), or by an earlier process that had the same pid (pid 1 in a restarted
 * container): the file's age tells which. Returns the release function (the last release in a
 * thread removes it).
 */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  const count = held.get(path);
  if (count !== undefined) {
    held.set(path, count + 1);
    return once(() => release(path));
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      held.set(path, 1);
      return once(() => release(path));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(readOwner(path), 10);
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw appError('DATA_DIR_IN_USE', {
          message: `DATA_DIR is in use by another idgate process (pid ${owner}); the embedded database allows one process. Stop it, or give this one its own DATA_DIR.`,
          details: { pid: owner },
        });
      }
      if (owner === process.pid && writtenSinceThisProcessStarted(path)) {
        throw appError('DATA_DIR_IN_USE', {
          message: 'DATA_DIR is in use by another thread of this process; the embedded database allows one opener. Give this one its own DATA_DIR.',
          details: { pid: owner },
        });
      }
      rmSync(path, { force: true }); // stale: its process is gone
    }
  }
  throw appError('DATA_DIR_IN_USE', { message: 'DATA_DIR lock could not be taken (another process raced for it).' });
}

function release(path: string): void {
  const count = (held.get(path) ?? 1) - 1;
  if (count > 0) return void held.set(path, count);
  held.delete(path);
  rmSync(path, { force: true });
}

function readOwner(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * Whether the lock file was written after this process started: by one of its threads, not by an
 * earlier process with the same pid. performance.timeOrigin is the process's start, the same on
 * every thread.
 */
function writtenSinceThisProcessStarted(path: string): boolean {
  try {
    return statSync(path).mtimeMs >= performance.timeOrigin;
  } catch {
    return false; // gone meanwhile: nothing holds it
  }
}

/** Signal 0 checks existence only; EPERM means it runs under another user. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
