import { describe, expect, it } from 'vitest';
import { MemoryKeyValueStore } from '@idgate/platform/kv';
import { ClaimsSnapshots, type ClaimsUserRow } from './claims-snapshots.ts';

const user: ClaimsUserRow = {
  id: 'usr_1',
  email: 'a@example.org',
  email_verified: true,
  display_name: 'Alex',
  age_proofs: [{ method: 'document', bracket: 18, next_change_at: null, verified_at: '2026-01-01T00:00:00.000Z' }],
};
const grant = { accountId: 'usr_1', clientId: 'xoc_1', openid: { scope: 'openid' } };

describe('ClaimsSnapshots', () => {
  it('reads what was filled, only when both the account and the grant are cached', async () => {
    const snaps = new ClaimsSnapshots(new MemoryKeyValueStore());
    expect(await snaps.read('usr_1', 'grt_1')).toBeUndefined();
    await snaps.fill({ ...user, password_hash: 'secret' } as ClaimsUserRow, 'grt_1', grant);
    expect(await snaps.read('usr_1', 'grt_1')).toEqual({ user, grant });
    expect(await snaps.read('usr_1', 'grt_2')).toBeUndefined();
  });

  it('a forgotten snapshot is not served, and a read of the old row that finishes later cannot fill it back', async () => {
    const snaps = new ClaimsSnapshots(new MemoryKeyValueStore());
    await snaps.fill(user, 'grt_1', grant);
    await snaps.forgetAccount('usr_1');
    expect(await snaps.read('usr_1', 'grt_1')).toBeUndefined();
    await snaps.fill(user, 'grt_1', grant); // the late fill of a read that started before the write
    expect(await snaps.read('usr_1', 'grt_1')).toBeUndefined();

    await snaps.forgetGrant('grt_9');
    await snaps.fill(user, 'grt_9', grant);
    expect(await snaps.read('usr_1', 'grt_9')).toBeUndefined();
  });
});
