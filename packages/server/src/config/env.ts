import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_FILE_STORAGE_QUOTA_MB } from '@parley/schema';
import { type CodeConfig, loadCodeConfig } from '../code/config.ts';
import { type LimitsConfig, loadLimits } from './limits.ts';
import { loadSsoConfig, type SsoConfig } from './sso.ts';

/** Everything the process reads from the environment, typed once (docs/configuration.md). */
export interface AppConfig {
  nodeEnv: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  sqlitePath: string;
  configPath: string | null;
  jwtSecret: string;
  jwtRefreshSecret: string;
  /** 32-byte hex key for AES-256-GCM encryption of secrets at rest. */
  credsKey: string;
  /** Hosts that user-supplied URLs may point at even though they resolve to private addresses. */
  allowedPrivateHosts: string[];
  appTitle: string;
  domainClient: string;
  domainServer: string;
  allowRegistration: boolean;
  allowEmailLogin: boolean;
  allowSharedLinks: boolean;
  /** Shared links open without sign-in (only meaningful when allowSharedLinks). */
  allowSharedLinksPublic: boolean;
  /** Users may delete their own account (ALLOW_ACCOUNT_DELETION, default true). */
  allowAccountDeletion: boolean;
  /** ALLOW_PASSWORD_RESET (LibreChat's default: off). */
  allowPasswordReset: boolean;
  /** ALLOW_UNVERIFIED_EMAIL_LOGIN: with email on, unverified local accounts may still sign in. */
  allowUnverifiedEmailLogin: boolean;
  /** SMTP settings from LibreChat's EMAIL_* names; null when email is not configured. */
  email: EmailConfig | null;
  /** Rate limits, violation scores and bans (config/limits.ts; LibreChat's names). */
  limits: LimitsConfig;
  /** REDIS_URL: shared rate limits and bans across instances; null keeps them in memory. */
  redisUrl: string | null;
  /** REDIS_KEY_PREFIX: namespace of every key Parley writes to Redis. */
  redisKeyPrefix: string;
  providerMaxRetries: number;
  providerIdleTimeoutMs: number;
  /** Hours a temporary chat is kept (TEMP_CHAT_RETENTION_HOURS; librechat.yaml interface.temporaryChatRetention wins). */
  tempChatRetentionHours: number;
  /** LDAP, OpenID Connect and social login (config/sso.ts). */
  sso: SsoConfig;
  /** FILE_STORAGE_QUOTA_MB in bytes: what one user's files may take in all; null = no quota (0). */
  fileStorageQuotaBytes: number | null;
  /** Code execution: CODE_EXECUTOR, CODE_WORK_DIR, CODE_SANDBOX_UID (code/config.ts, docs/sandbox.md). */
  code: CodeConfig;
  /** Where the built web client lives; null disables static serving. */
  webDist: string | null;
  logLevel: string;
  env: NodeJS.ProcessEnv;
}

export interface EmailConfig {
  service: string | null;
  host: string | null;
  port: number;
  /** EMAIL_ENCRYPTION: 'tls' (implicit TLS), 'starttls' (required upgrade) or none (opportunistic). */
  encryption: 'tls' | 'starttls' | null;
  encryptionHostname: string | null;
  allowSelfSigned: boolean;
  username: string;
  password: string;
  from: string;
  fromName: string;
}

/** Email is on when LibreChat would send it: a service or host, a username, a password and a sender. */
function emailConfig(env: NodeJS.ProcessEnv, appTitle: string): EmailConfig | null {
  const service = env.EMAIL_SERVICE || null;
  const host = env.EMAIL_HOST || null;
  if (!(service || host) || !env.EMAIL_USERNAME || !env.EMAIL_PASSWORD || !env.EMAIL_FROM) return null;
  const encryption = env.EMAIL_ENCRYPTION?.trim().toLowerCase();
  return {
    service,
    host,
    port: int(env.EMAIL_PORT, 25, 'EMAIL_PORT'),
    encryption: encryption === 'tls' || encryption === 'starttls' ? encryption : null,
    encryptionHostname: env.EMAIL_ENCRYPTION_HOSTNAME || null,
    allowSelfSigned: bool(env.EMAIL_ALLOW_SELFSIGNED, false),
    username: env.EMAIL_USERNAME,
    password: env.EMAIL_PASSWORD,
    from: env.EMAIL_FROM,
    fromName: env.EMAIL_FROM_NAME || appTitle,
  };
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.trim().toLowerCase());
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`Invalid value for ${name}: "${value}" (expected a number)`);
  return n;
}

/**
 * Secrets come from the environment. In development a missing secret is generated once and kept in
 * DATA_DIR/secrets.json; in production it is a startup error (DESIGN §4).
 */
function loadSecrets(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  production: boolean,
): Record<'JWT_SECRET' | 'JWT_REFRESH_SECRET' | 'CREDS_KEY', string> {
  const names = ['JWT_SECRET', 'JWT_REFRESH_SECRET', 'CREDS_KEY'] as const;
  const missing = names.filter((n) => !env[n]);
  if (missing.length === 0) {
    return {
      JWT_SECRET: env.JWT_SECRET!,
      JWT_REFRESH_SECRET: env.JWT_REFRESH_SECRET!,
      CREDS_KEY: env.CREDS_KEY!,
    };
  }
  if (production) {
    throw new Error(
      `Missing required secret(s): ${missing.join(', ')}. Set them in the environment (NODE_ENV=production does not generate secrets).`,
    );
  }
  const file = path.join(dataDir, 'secrets.json');
  let stored: Record<string, string> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
  let changed = false;
  for (const n of missing) {
    if (!stored[n]) {
      stored[n] = randomBytes(32).toString('hex');
      changed = true;
    }
  }
  if (changed) writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  return {
    JWT_SECRET: env.JWT_SECRET ?? stored.JWT_SECRET,
    JWT_REFRESH_SECRET: env.JWT_REFRESH_SECRET ?? stored.JWT_REFRESH_SECRET,
    CREDS_KEY: env.CREDS_KEY ?? stored.CREDS_KEY,
  };
}

/** LibreChat's bounds: 1 hour to 1 year, default 30 days. */
function retentionHours(value: string | undefined): number {
  const hours = int(value, 720, 'TEMP_CHAT_RETENTION_HOURS');
  if (hours < 1 || hours > 8760)
    throw new Error(`Invalid value for TEMP_CHAT_RETENTION_HOURS: "${value}" (expected 1 to 8760 hours)`);
  return hours;
}

/** Megabytes to bytes; 0 turns the quota off. */
function storageQuota(value: string | undefined): number | null {
  const mb = int(value, DEFAULT_FILE_STORAGE_QUOTA_MB, 'FILE_STORAGE_QUOTA_MB');
  return mb === 0 ? null : Math.round(mb * 1024 * 1024);
}

export function loadEnv(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const dataDir = path.resolve(cwd, env.DATA_DIR ?? 'data');
  mkdirSync(dataDir, { recursive: true });
  const secrets = loadSecrets(env, dataDir, nodeEnv === 'production');
  const port = int(env.PORT, 3080, 'PORT');
  const host = env.HOST ?? '127.0.0.1';
  const defaultConfig = path.resolve(cwd, 'librechat.yaml');
  const configPath = env.CONFIG_PATH
    ? path.resolve(cwd, env.CONFIG_PATH)
    : existsSync(defaultConfig)
      ? defaultConfig
      : null;
  const origin = `http://localhost:${port}`;
  const webDist = env.WEB_DIST === '' ? null : path.resolve(cwd, env.WEB_DIST ?? 'packages/web/dist');
  return {
    nodeEnv,
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    sqlitePath: path.join(dataDir, 'parley.db'),
    configPath,
    jwtSecret: secrets.JWT_SECRET,
    jwtRefreshSecret: secrets.JWT_REFRESH_SECRET,
    credsKey: secrets.CREDS_KEY,
    allowedPrivateHosts: (env.ALLOWED_PRIVATE_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    appTitle: env.APP_TITLE || 'Parley',
    domainClient: env.DOMAIN_CLIENT || origin,
    domainServer: env.DOMAIN_SERVER || origin,
    allowRegistration: bool(env.ALLOW_REGISTRATION, true),
    allowEmailLogin: bool(env.ALLOW_EMAIL_LOGIN, true),
    allowSharedLinks: bool(env.ALLOW_SHARED_LINKS, true),
    allowSharedLinksPublic: bool(env.ALLOW_SHARED_LINKS_PUBLIC, true),
    allowAccountDeletion: bool(env.ALLOW_ACCOUNT_DELETION, true),
    allowPasswordReset: bool(env.ALLOW_PASSWORD_RESET, false),
    allowUnverifiedEmailLogin: bool(env.ALLOW_UNVERIFIED_EMAIL_LOGIN, false),
    email: emailConfig(env, env.APP_TITLE || 'Parley'),
    limits: loadLimits(env),
    redisUrl: env.REDIS_URL || null,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'parley:',
    providerMaxRetries: int(env.PROVIDER_MAX_RETRIES, 1, 'PROVIDER_MAX_RETRIES'),
    providerIdleTimeoutMs: int(env.PROVIDER_IDLE_TIMEOUT, 120, 'PROVIDER_IDLE_TIMEOUT') * 1000,
    tempChatRetentionHours: retentionHours(env.TEMP_CHAT_RETENTION_HOURS),
    sso: loadSsoConfig(env, env.DOMAIN_SERVER || origin),
    fileStorageQuotaBytes: storageQuota(env.FILE_STORAGE_QUOTA_MB),
    code: loadCodeConfig(env),
    webDist: webDist && existsSync(webDist) ? webDist : null,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    env,
  };
}
