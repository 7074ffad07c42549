/** Outgoing mail (email verification). Production wires a real transport (see oauth/README.md). */
export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  at: Date;
}

/**
 * The development mailbox: mails are kept in memory (the last 200) instead of being sent, and
 * never logged (they carry verification links). Tests and `npm start` read them from here.
 */
export class DevMailbox implements Mailer {
  private readonly sent: SentMail[] = [];

  async send(message: { to: string; subject: string; text: string }): Promise<void> {
    this.sent.push({ ...message, at: new Date() });
    if (this.sent.length > 200) this.sent.shift();
  }

  /** The newest mail to `to`, if any. */
  lastTo(to: string): SentMail | undefined {
    const want = to.trim().toLowerCase();
    return [...this.sent].reverse().find((m) => m.to === want);
  }
}

/** The process-wide development mailbox (used when no Mailer is given to mountOAuth). */
export const devMailbox = new DevMailbox();
