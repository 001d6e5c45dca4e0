import type { StartupConfig } from '@parley/schema';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-auth.ts';

const NAMES: Record<string, string> = {
  github: 'GitHub',
  google: 'Google',
  discord: 'Discord',
  facebook: 'Facebook',
  apple: 'Apple',
};

type Provider = 'openid' | 'github' | 'google' | 'discord' | 'facebook' | 'apple';

function enabled(config: StartupConfig, provider: string): provider is Provider {
  switch (provider) {
    case 'openid':
      return config.openidLoginEnabled;
    case 'github':
      return config.githubLoginEnabled;
    case 'google':
      return config.googleLoginEnabled;
    case 'discord':
      return config.discordLoginEnabled;
    case 'facebook':
      return config.facebookLoginEnabled;
    case 'apple':
      return config.appleLoginEnabled;
    default:
      return false;
  }
}

/** The providers to offer, in the configured socialLogins order (doc 2 §2.2). */
export function socialProviders(config: StartupConfig | undefined): Provider[] {
  if (!config?.socialLoginEnabled) return [];
  return config.socialLogins.filter((p): p is Provider => enabled(config, p));
}

/** Where a provider's sign-in starts: the server's /oauth route, on the server domain. */
export function oauthUrl(config: StartupConfig, provider: Provider): string {
  return `${config.serverDomain.replace(/\/$/, '')}/oauth/${provider}`;
}

/** Social and OpenID buttons, with an 'Or' divider above them when the email form shows too. */
export function SocialLogin({ config }: { config: StartupConfig | undefined }) {
  const providers = socialProviders(config);
  if (!config || providers.length === 0) return null;
  return (
    <div className="mt-6" data-testid="social-login">
      {config.emailLoginEnabled ? (
        <div className="mb-6 flex items-center gap-3 text-xs uppercase text-muted-foreground">
          <span className="h-px flex-1 bg-border" />
          <span>{t('com_auth_or')}</span>
          <span className="h-px flex-1 bg-border" />
        </div>
      ) : null}
      <div className="flex flex-col gap-3">
        {providers.map((provider) => {
          const openid = provider === 'openid';
          const label = openid
            ? config.openidLabel || t('com_auth_continue_with', { provider: t('com_auth_openid') })
            : t('com_auth_continue_with', { provider: NAMES[provider] });
          return (
            <a
              key={provider}
              href={oauthUrl(config, provider)}
              data-testid={`social-${provider}`}
              className="flex h-11 items-center justify-center gap-3 rounded-lg border border-border bg-background px-4 text-sm font-medium transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {openid && config.openidImageUrl ? (
                <img src={config.openidImageUrl} alt="" className="size-5" aria-hidden />
              ) : null}
              <span>{label}</span>
            </a>
          );
        })}
      </div>
    </div>
  );
}
