import type { Transporter } from 'nodemailer';
import type { EmailConfig } from '../config/env.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP over nodemailer, configured from LibreChat's EMAIL_* names. The transport is created on the
 * first send, so an app with email configured starts even while the mail server is down.
 */
export function smtpMailer(config: EmailConfig): Mailer {
  let transport: Promise<Transporter> | null = null;
  const open = async () => {
    const nodemailer = await import('nodemailer');
    return nodemailer.createTransport({
      ...(config.service
        ? { service: config.service }
        : { host: config.host ?? undefined, port: config.port }),
      secure: config.encryption === 'tls',
      requireTLS: config.encryption === 'starttls',
      tls: {
        rejectUnauthorized: !config.allowSelfSigned,
        ...(config.encryptionHostname ? { servername: config.encryptionHostname } : {}),
      },
      auth: { user: config.username, pass: config.password },
    });
  };
  return {
    async send(message) {
      transport ??= open();
      await (await transport).sendMail({
        from: { name: config.fromName, address: config.from },
        ...message,
      });
    },
    close() {
      void transport?.then((t) => t.close()).catch(() => {});
    },
  };
}
