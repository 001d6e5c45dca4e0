import type { EmailLinks } from './auth/email-links.ts';
import type { SessionService } from './auth/sessions.ts';
import type { TokenService } from './auth/tokens.ts';
import type { ChatDeps } from './chat/deps.ts';
import type { AppConfig } from './config/env.ts';
import type { YamlConfig } from './config/yaml.ts';
import type { DbHandle } from './db/index.ts';
import type { Repos } from './db/repos/index.ts';
import type { Mailer } from './email/mailer.ts';
import type { AbuseControls } from './limits/abuse.ts';

/** Everything route plugins use, built once by buildApp. */
export interface AppContext {
  config: AppConfig;
  yaml: YamlConfig;
  db: DbHandle;
  repos: Repos;
  tokens: TokenService;
  sessions: SessionService;
  chat: ChatDeps;
  cookie: { secure: boolean };
  /** SMTP sender; null when EMAIL_* is not configured. */
  mailer: Mailer | null;
  emailLinks: EmailLinks;
  /** Rate limits, violation scores and temporary bans (limits/abuse.ts). */
  abuse: AbuseControls;
}
