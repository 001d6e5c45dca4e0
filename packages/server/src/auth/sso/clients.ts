import { SOCIAL_PROVIDERS, type SsoConfig } from '../../config/sso.ts';
import type { FlowState } from './flow-state.ts';
import type { ExternalProfile } from './identity.ts';
import { openIdClient } from './openid.ts';
import { socialClient } from './social.ts';

/** One way to sign in through another site: send the browser there, then read who came back. */
export interface SignInClient {
  start(): Promise<{ url: string; flow: FlowState }>;
  finish(params: Record<string, string>, flow: FlowState): Promise<ExternalProfile>;
}

/**
 * The configured OpenID and social sign-in clients by /oauth/:provider name; none unless social
 * login is allowed. Built once: the OpenID client keeps its discovered configuration.
 */
export function signInClients(sso: SsoConfig): Map<string, SignInClient> {
  const clients = new Map<string, SignInClient>();
  if (!sso.allowSocialLogin) return clients;
  if (sso.openid) clients.set('openid', openIdClient(sso.openid));
  for (const provider of SOCIAL_PROVIDERS) {
    const settings = sso.social[provider];
    if (settings) clients.set(provider, socialClient(provider, settings));
  }
  return clients;
}
