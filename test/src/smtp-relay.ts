import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The message as it arrived (headers and body, transfer-encoded). */
  raw: string;
}

export interface SmtpRelay {
  /** SMTP_URL of the relay (plain SMTP on loopback, no authentication). */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives: the mail boundary of the tests. */
export async function startSmtpRelay(): Promise<SmtpRelay> {
  const received: ReceivedMail[] = [];
  const relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', () => r()));
  const port = (relay.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => relay.close(() => r())) };
}

/** A quoted-printable body as text (soft line breaks joined, `=3D` decoded): where mailed links are read. */
export function unfoldQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
