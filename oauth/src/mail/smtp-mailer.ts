import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer } from './mailer.ts';

/**
 * Mail through an SMTP relay (`SMTP_URL`, e.g. `smtps://user:pass@mail.example.com:465` or
 * `smtp://relay:587`, which upgrades with STARTTLS when the server offers it). Sending fails
 * loudly: sign-up answers an error rather than pretend a verification link went out.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(smtpUrl: string, from: string) {
    // Bounded waits: a dead relay must not hold a sign-up request for minutes.
    this.transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    this.from = from;
  }

  async send(message: { to: string; subject: string; text: string }): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }

  close(): void {
    this.transport.close();
  }
}
