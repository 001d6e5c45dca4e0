/**
 * LDAP, OpenID Connect and social OAuth2 settings, read from LibreChat's env names
 * (docs/configuration.md). Endpoint URL overrides are Parley additions so tests and self-hosted
 * identity servers can stand in for the real providers.
 */

export const SOCIAL_PROVIDERS = ['github', 'google', 'discord', 'facebook', 'apple'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** LibreChat's default `registration.socialLogins` order. */
export const DEFAULT_SOCIAL_LOGINS = ['github', 'google', 'discord', 'openid', 'facebook', 'apple', 'saml'];

export interface LdapConfig {
  url: string;
  bindDn: string | null;
  bindCredentials: string | null;
  searchBase: string;
  /** `{{username}}` is replaced by the escaped login value. */
  searchFilter: string;
  loginUsesUsername: boolean;
  startTls: boolean;
  tlsRejectUnauthorized: boolean;
  caCertPath: string | null;
  attributes: { id: string[]; username: string[]; email: string[]; fullName: string[] };
}

export interface OpenIdConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  callbackUrl: string;
  buttonLabel: string;
  imageUrl: string;
  autoRedirect: boolean;
  usernameClaim: string | null;
  nameClaim: string | null;
  emailClaim: string | null;
}

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  callbackUrl: string;
  scope: string;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  /** GitHub only: where the verified flags of the user's addresses come from. */
  emailsUrl?: string;
  /** Apple only: the key set that signs its id_tokens, its issuer, and what signs our client secret. */
  apple?: { teamId: string; keyId: string; privateKeyPath: string; jwksUrl: string; issuer: string };
}

export interface SsoConfig {
  allowSocialLogin: boolean;
  allowSocialRegistration: boolean;
  ldap: LdapConfig | null;
  openid: OpenIdConfig | null;
  social: Partial<Record<SocialProvider, OAuthProviderConfig>>;
}

interface Defaults {
  scope: string;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  emailsUrl?: string;
}

const DEFAULTS: Record<SocialProvider, Defaults> = {
  github: {
    scope: 'user:email',
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userInfoUrl: 'https://api.github.com/user',
    emailsUrl: 'https://api.github.com/user/emails',
  },
  google: {
    scope: 'openid profile email',
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  discord: {
    scope: 'identify email',
    authorizationUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userInfoUrl: 'https://discord.com/api/users/@me',
  },
  facebook: {
    scope: 'public_profile email',
    authorizationUrl: 'https://www.facebook.com/v18.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v18.0/oauth/access_token',
    userInfoUrl: 'https://graph.facebook.com/v18.0/me?fields=id,name,email,picture.type(large)',
  },
  apple: {
    scope: 'name email',
    authorizationUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    userInfoUrl: '',
  },
};

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.trim().toLowerCase());
}

const list = (value: string | undefined, fallback: string[]) =>
  value
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : fallback;

/** A callback given as a path (LibreChat's style, `/oauth/github/callback`) is on DOMAIN_SERVER. */
function absolute(url: string | undefined, fallbackPath: string, domainServer: string): string {
  const value = url || fallbackPath;
  return /^https?:\/\//.test(value) ? value : `${domainServer.replace(/\/$/, '')}${value}`;
}

function loadLdap(env: NodeJS.ProcessEnv): LdapConfig | null {
  if (!env.LDAP_URL || !env.LDAP_USER_SEARCH_BASE) return null;
  return {
    url: env.LDAP_URL,
    bindDn: env.LDAP_BIND_DN || null,
    bindCredentials: env.LDAP_BIND_CREDENTIALS || null,
    searchBase: env.LDAP_USER_SEARCH_BASE,
    searchFilter: env.LDAP_SEARCH_FILTER || 'mail={{username}}',
    loginUsesUsername: bool(env.LDAP_LOGIN_USES_USERNAME, false),
    startTls: bool(env.LDAP_STARTTLS, false),
    tlsRejectUnauthorized: bool(env.LDAP_TLS_REJECT_UNAUTHORIZED, true),
    caCertPath: env.LDAP_CA_CERT_PATH || null,
    attributes: {
      id: list(env.LDAP_ID, ['uid', 'sAMAccountName', 'entryUUID']),
      username: list(env.LDAP_USERNAME, ['uid', 'sAMAccountName']),
      email: list(env.LDAP_EMAIL, ['mail']),
      fullName: list(env.LDAP_FULL_NAME, ['cn']),
    },
  };
}

function loadOpenId(env: NodeJS.ProcessEnv, domainServer: string): OpenIdConfig | null {
  if (!env.OPENID_ISSUER || !env.OPENID_CLIENT_ID || !env.OPENID_CLIENT_SECRET) return null;
  return {
    issuer: env.OPENID_ISSUER,
    clientId: env.OPENID_CLIENT_ID,
    clientSecret: env.OPENID_CLIENT_SECRET,
    scope: env.OPENID_SCOPE || 'openid profile email',
    callbackUrl: absolute(env.OPENID_CALLBACK_URL, '/oauth/openid/callback', domainServer),
    buttonLabel: env.OPENID_BUTTON_LABEL || '',
    imageUrl: env.OPENID_IMAGE_URL || '',
    autoRedirect: bool(env.OPENID_AUTO_REDIRECT, false),
    usernameClaim: env.OPENID_USERNAME_CLAIM || null,
    nameClaim: env.OPENID_NAME_CLAIM || null,
    emailClaim: env.OPENID_EMAIL_CLAIM || null,
  };
}

function loadSocial(
  provider: SocialProvider,
  env: NodeJS.ProcessEnv,
  domainServer: string,
): OAuthProviderConfig | null {
  const p = provider.toUpperCase();
  const d = DEFAULTS[provider];
  const clientId = env[`${p}_CLIENT_ID`];
  const base = {
    callbackUrl: absolute(env[`${p}_CALLBACK_URL`], `/oauth/${provider}/callback`, domainServer),
    scope: env[`${p}_SCOPE`] || d.scope,
    authorizationUrl: env[`${p}_AUTHORIZATION_URL`] || d.authorizationUrl,
    tokenUrl: env[`${p}_TOKEN_URL`] || d.tokenUrl,
    userInfoUrl: env[`${p}_USERINFO_URL`] || d.userInfoUrl,
  };
  if (provider === 'apple') {
    const teamId = env.APPLE_TEAM_ID;
    const keyId = env.APPLE_KEY_ID;
    const privateKeyPath = env.APPLE_PRIVATE_KEY_PATH;
    if (!clientId || !teamId || !keyId || !privateKeyPath) return null;
    return {
      ...base,
      clientId,
      clientSecret: '',
      apple: {
        teamId,
        keyId,
        privateKeyPath,
        jwksUrl: env.APPLE_JWKS_URL || 'https://appleid.apple.com/auth/keys',
        issuer: env.APPLE_ISSUER || 'https://appleid.apple.com',
      },
    };
  }
  const clientSecret = env[`${p}_CLIENT_SECRET`];
  if (!clientId || !clientSecret) return null;
  return {
    ...base,
    clientId,
    clientSecret,
    ...(provider === 'github' ? { emailsUrl: env.GITHUB_EMAILS_URL || d.emailsUrl } : {}),
  };
}

export function loadSsoConfig(env: NodeJS.ProcessEnv, domainServer: string): SsoConfig {
  const social: SsoConfig['social'] = {};
  for (const provider of SOCIAL_PROVIDERS) {
    const config = loadSocial(provider, env, domainServer);
    if (config) social[provider] = config;
  }
  return {
    allowSocialLogin: bool(env.ALLOW_SOCIAL_LOGIN, false),
    allowSocialRegistration: bool(env.ALLOW_SOCIAL_REGISTRATION, false),
    ldap: loadLdap(env),
    openid: loadOpenId(env, domainServer),
    social,
  };
}
