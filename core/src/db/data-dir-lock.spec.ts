import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

const folder = () => mkdtempSync(join(tmpdir(), 'idgate-lock-'));

describe('lockDataDir: one process per embedded database folder', () => {
  it('writes this pid, is re-entrant within the process, and the last release removes the lock', () => {
    const dir = folder();
    const first = lockDataDir(dir);
    const second = lockDataDir(dir); // core and the OAuth adapter share the folder
    expect(readFileSync(join(dir, 'idgate.lock'), 'utf8').trim()).toBe(String(process.pid));
    first();
    first(); // a release is counted once
    expect(existsSync(join(dir, 'idgate.lock'))).toBe(true);
    second();
    expect(existsSync(join(dir, 'idgate.lock'))).toBe(false);
  });

  it('refuses a folder whose lock belongs to another running process: DATA_DIR_IN_USE naming its pid', () => {
    const dir = folder();
    writeFileSync(join(dir, 'idgate.lock'), `${process.ppid}\n`); // the test runner's parent: alive
    expect(() => lockDataDir(dir)).toThrowError(expect.objectContaining({ code: 'DATA_DIR_IN_USE', details: { pid: process.ppid } }));
    expect(readFileSync(join(dir, 'idgate.lock'), 'utf8').trim()).toBe(String(process.ppid)); // left as it was
  });

  it('refuses a lock with this pid written since this process started: another thread of the process holds it', () => {
    const dir = folder();
    // As another thread's lockDataDir leaves it: this pid, written now, unknown to this thread's count.
    writeFileSync(join(dir, 'idgate.lock'), `${process.pid}\n`);
    expect(() => lockDataDir(dir)).toThrowError(
      expect.objectContaining({ code: 'DATA_DIR_IN_USE', message: expect.stringContaining('another thread of this process') }),
    );
    expect(existsSync(join(dir, 'idgate.lock'))).toBe(true);
  });

  it('takes over a lock with this pid written before this process started (pid 1 of a restarted container)', () => {
    const dir = folder();
    writeFileSync(join(dir, 'idgate.lock'), `${process.pid}\n`);
    const before = new Date(performance.timeOrigin - 60_000);
    utimesSync(join(dir, 'idgate.lock'), before, before);
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'idgate.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'idgate.lock'))).toBe(false);
  });

  it('takes over a stale lock whose process is gone (a crash or kill -9)', () => {
    const dir = folder();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(join(dir, 'idgate.lock'), `${gone}\n`);
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'idgate.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
  });
});
