import { INVITE_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS, VERIFY_TOKEN_TTL_MS } from '@parley/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import type { Repos } from '../db/repos/index.ts';
import type { UserRow } from '../db/schema.ts';
import type { Mailer, MailMessage } from '../email/mailer.ts';
import { passwordResetEmail, verificationEmail } from '../email/templates.ts';

/** Links in emails point at the client (DOMAIN_CLIENT), like LibreChat's. */
export function clientUrl(config: AppConfig, path: string, query: Record<string, string>) {
  const url = new URL(path, `${config.domainClient.replace(/\/+$/, '')}/`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * An invitation to register: a one-time token addressed to one email. It opens registration when
 * ALLOW_REGISTRATION=false and proves the address (routes/auth.ts). A new invite replaces the last.
 */
export async function inviteLink(config: AppConfig, repos: Repos, email: string): Promise<string> {
  const token = await repos.authTokens.issue('invite', { email }, INVITE_TOKEN_TTL_MS);
  return clientUrl(config, 'register', { token });
}

/** Verification and reset links: issue a one-time token, build the link, mail it when email is on. */
export function emailLinks(deps: {
  config: AppConfig;
  repos: Repos;
  mailer: Mailer | null;
  log: FastifyBaseLogger;
}) {
  const { config, repos, mailer, log } = deps;

  /** Sending never blocks or fails the request: timing must not tell known addresses apart. */
  const deliver = (message: MailMessage, kind: string) => {
    if (!mailer) return;
    mailer.send(message).catch((err: unknown) => {
      log.error({ err: err instanceof Error ? err.message : String(err), kind }, 'email could not be sent');
    });
  };

  return {
    async sendVerification(user: UserRow) {
      const token = await repos.authTokens.issue('verify', { userId: user.id }, VERIFY_TOKEN_TTL_MS);
      const url = clientUrl(config, 'verify', { token, email: user.email });
      deliver(
        verificationEmail({ appTitle: config.appTitle, name: user.name, to: user.email, url }),
        'verify',
      );
    },

    /** The reset link; mailed when email is on, otherwise the caller decides whether to show it. */
    async passwordResetLink(user: UserRow): Promise<string> {
      const token = await repos.authTokens.issue('reset', { userId: user.id }, RESET_TOKEN_TTL_MS);
      const url = clientUrl(config, 'reset-password', { token, userId: user.id });
      deliver(
        passwordResetEmail({ appTitle: config.appTitle, name: user.name, to: user.email, url }),
        'reset',
      );
      return url;
    },

    deliver,
  };
}
export type EmailLinks = ReturnType<typeof emailLinks>;
