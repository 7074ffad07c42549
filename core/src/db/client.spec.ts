import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

describe('embedded database folder', () => {
  it('DATA_DIR/pglite is the owner\'s alone (0700), also when it existed with looser permissions', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'idgate-perm-'));
    try {
      const first = await openDatabase({ dataDir });
      await first.close();
      expect(statSync(join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);
      chmodSync(join(dataDir, 'pglite'), 0o755);
      const again = await openDatabase({ dataDir });
      await again.close();
      expect(statSync(join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
