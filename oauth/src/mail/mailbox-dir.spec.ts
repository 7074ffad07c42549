import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MailboxDirectory } from './mailbox-dir.ts';

describe('MailboxDirectory', () => {
  const dirs: string[] = [];
  const box = (keep?: number) => {
    const dir = mkdtempSync(join(tmpdir(), 'idgate-mailbox-'));
    dirs.push(dir);
    return new MailboxDirectory(join(dir, 'mailbox'), keep);
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('lists nothing before the first mail (no folder yet)', async () => {
    expect(await box().list()).toEqual([]);
  });

  it('keeps the newest mails only, lists newest first, filters by address case-insensitively', async () => {
    const b = box(3);
    for (let i = 0; i < 5; i++)
      await b.write(
        {
          to: i % 2 ? 'odd@example.org' : 'even@example.org',
          subject: `mail ${i}`,
          text: `line one\nline ${i}\n`,
          at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        },
        'idgate <no-reply@x.test>',
      );
    expect(readdirSync(b.dir)).toHaveLength(3);
    expect((await b.list()).map((m) => m.subject)).toEqual(['mail 4', 'mail 3', 'mail 2']);
    const odd = await b.list({ to: 'ODD@example.org' });
    expect(odd).toEqual([
      { to: 'odd@example.org', subject: 'mail 3', text: 'line one\nline 3\n', sent_at: '2026-01-01T00:00:03.000Z', file: expect.stringMatching(/\.eml$/) },
    ]);
    expect(await b.list({ limit: 1 })).toHaveLength(1);
  });

  it('keeps a subject that is not ASCII (RFC 2047) and the UTF-8 body', async () => {
    const b = box();
    await b.write({ to: 'a@example.org', subject: 'Confirme ton adresse é', text: 'Ouvre ce lien : ✓\n', at: new Date() }, 'x@y.test');
    expect(await b.list()).toMatchObject([{ subject: 'Confirme ton adresse é', text: 'Ouvre ce lien : ✓\n' }]);
  });
});
