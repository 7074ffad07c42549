import type { Logger } from '@idgate/platform';
import type { DevMailbox, Mailer } from './mailer.ts';
import type { MailboxDirectory } from './mailbox-dir.ts';

/**
 * Mail without SMTP_URL: kept in the process-wide in-memory mailbox (tests read it) and, outside
 * production, written to the mailbox folder an operator reads (`admin mailbox`). A folder that
 * cannot be written only loses the file: the sign-up goes on, as no mail is sent anyway.
 */
export class DevMailer implements Mailer {
  private readonly memory: DevMailbox;
  private readonly folder: MailboxDirectory | undefined;
  private readonly from: string;
  private readonly log: Logger;

  constructor(d: { memory: DevMailbox; folder?: MailboxDirectory; from: string; log: Logger }) {
    this.memory = d.memory;
    this.folder = d.folder;
    this.from = d.from;
    this.log = d.log;
  }

  async send(message: { to: string; subject: string; text: string }): Promise<void> {
    const at = new Date();
    await this.memory.send(message);
    if (!this.folder) return;
    // Never the mail or its address in the log: it carries a confirmation link.
    await this.folder
      .write({ ...message, at }, this.from)
      .catch((err: NodeJS.ErrnoException) =>
        this.log.warn({ code: err.code, dir: this.folder!.dir }, 'development mailbox: the mail file could not be written'),
      );
  }
}
