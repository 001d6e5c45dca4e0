import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The first http(s) link of the message, with quoted-printable soft breaks undone. */
  link: string | null;
}

export interface SmtpSink {
  port: number;
  mails: CapturedMail[];
  /** The next mail to `to` that arrives after `since` mails were captured (polls, 10 s at most). */
  waitFor(to: string, since?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** Undo quoted-printable so links and subjects read as sent. */
function decodeQuotedPrintable(s: string) {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/** A real SMTP server on 127.0.0.1 that accepts any login and keeps every message in memory. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      cb(null, { user: auth.username });
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8'));
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        const link =
          /https?:\/\/[^\s"<>]+/.exec(
            raw
              .split(/\r?\n\r?\n/)
              .slice(1)
              .join('\n'),
          )?.[0] ?? null;
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          link: link?.replaceAll('&amp;', '&') ?? null,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    mails,
    async waitFor(to, since = 0) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const mail = mails.slice(since).find((m) => m.to.includes(to.toLowerCase()));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
