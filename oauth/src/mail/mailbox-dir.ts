import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SentMail } from './mailer.ts';

/** A mail of the development mailbox as the admin API lists it. */
export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  sent_at: string;
  /** The .eml file's name in the mailbox folder. */
  file: string;
}

const KEEP = 200;

/**
 * The development mailbox on disk (`DATA_DIR/mailbox`): each mail an RFC 5322 `.eml` file that
 * any mail client or `cat` opens, the newest 200 kept. Files are 0600 in a 0700 folder: a mail
 * carries a confirmation link, which is as good as the account's first sign-in.
 */
export class MailboxDirectory {
  readonly dir: string;
  private readonly keep: number;

  constructor(dir: string, keep = KEEP) {
    this.dir = dir;
    this.keep = keep;
  }

  async write(mail: SentMail, from: string): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Sortable by time, unique within the millisecond (several services may share the folder).
    const file = `${mail.at.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    await writeFile(join(this.dir, file), toEml(mail, from), { mode: 0o600 });
    await this.prune();
    return file;
  }

  /** Newest first; `to` keeps the mails to one address (case-insensitive). */
  async list(o: { to?: string; limit?: number } = {}): Promise<StoredMail[]> {
    const want = o.to?.trim().toLowerCase();
    const out: StoredMail[] = [];
    for (const file of (await this.files()).reverse()) {
      const raw = await readFile(join(this.dir, file), 'utf8').catch(() => undefined); // pruned meanwhile
      const mail = raw === undefined ? undefined : fromEml(raw, file);
      if (!mail || (want && mail.to.toLowerCase() !== want)) continue;
      out.push(mail);
      if (out.length >= (o.limit ?? this.keep)) break;
    }
    return out;
  }

  private async files(): Promise<string[]> {
    const names = await readdir(this.dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    });
    return names.filter((n) => n.endsWith('.eml')).sort();
  }

  private async prune(): Promise<void> {
    const files = await this.files();
    for (const old of files.slice(0, Math.max(0, files.length - this.keep))) await unlink(join(this.dir, old)).catch(() => undefined);
  }
}

/** Headers are ASCII (RFC 2047 for a subject that is not); the body is UTF-8 text, lines CRLF. */
export function toEml(mail: SentMail, from: string): string {
  const headers = [
    `Date: ${mail.at.toUTCString()}`,
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Message-ID: <${randomBytes(8).toString('hex')}@idgate.dev-mailbox>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  return `${headers.join('\r\n')}\r\n\r\n${mail.text.replace(/\r?\n/g, '\r\n')}`;
}

function fromEml(raw: string, file: string): StoredMail | undefined {
  const split = raw.indexOf('\r\n\r\n');
  if (split < 0) return undefined;
  const headers = new Map<string, string>();
  for (const line of raw.slice(0, split).split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  const date = new Date(headers.get('date') ?? '');
  return {
    to: headers.get('to') ?? '',
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: raw.slice(split + 4).replace(/\r\n/g, '\n'),
    sent_at: Number.isNaN(date.getTime()) ? '' : date.toISOString(),
    file,
  };
}

function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

function decodeHeader(value: string): string {
  const m = /^=\?UTF-8\?B\?([A-Za-z0-9+/=]*)\?=$/i.exec(value);
  return m ? Buffer.from(m[1], 'base64').toString('utf8') : value;
}
