import {
  BuiltinTools,
  EModelEndpoint,
  EndpointsConfig,
  INSTANCE_PROJECT_ID,
  ModelsConfig,
  StartupConfig,
} from '@parley/schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { avatarSizeLimit } from '../account/avatars.ts';
import { agentsPolicy } from '../auth/policies/agents.ts';
import { loadActor } from '../auth/policies/policy.ts';
import { DEFAULT_SOCIAL_LOGINS } from '../config/sso.ts';
import { importMaxFileSize } from '../import/limits.ts';
import { endpointsConfig } from '../providers/catalog.ts';
import type { Services } from '../services.ts';

/** GET /api/config: public, read before sign-in (doc 2 §3.1). */
export const publicConfigRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { config, yaml } = ctx;
  const { sso } = config;
  // A provider's button shows only when social login is allowed and the provider is configured.
  const social = (on: boolean) => sso.allowSocialLogin && on;
  const startup: StartupConfig = {
    appTitle: config.appTitle,
    serverDomain: config.domainServer,
    emailLoginEnabled: config.allowEmailLogin,
    registrationEnabled: config.allowRegistration,
    socialLoginEnabled: sso.allowSocialLogin,
    socialRegistrationEnabled: sso.allowSocialLogin && sso.allowSocialRegistration,
    socialLogins: yaml.registration?.socialLogins ?? DEFAULT_SOCIAL_LOGINS,
    emailEnabled: config.email !== null,
    passwordResetEnabled: config.allowPasswordReset,
    openidLoginEnabled: social(Boolean(sso.openid)),
    openidAutoRedirect: social(Boolean(sso.openid?.autoRedirect)),
    openidLabel: sso.openid?.buttonLabel ?? '',
    openidImageUrl: sso.openid?.imageUrl ?? '',
    githubLoginEnabled: social(Boolean(sso.social.github)),
    googleLoginEnabled: social(Boolean(sso.social.google)),
    discordLoginEnabled: social(Boolean(sso.social.discord)),
    facebookLoginEnabled: social(Boolean(sso.social.facebook)),
    appleLoginEnabled: social(Boolean(sso.social.apple)),
    ...(sso.ldap ? { ldap: { enabled: true, username: sso.ldap.loginUsesUsername } } : {}),
    sharedLinksEnabled: config.allowSharedLinks,
    publicSharedLinksEnabled: config.allowSharedLinks && config.allowSharedLinksPublic,
    // Search lives in the database and is always available (DESIGN §1.3).
    searchEnabled: true,
    customFooter: config.env.CUSTOM_FOOTER ?? null,
    interface: {
      modelSelect: yaml.interface?.modelSelect ?? true,
      endpointsMenu: yaml.interface?.endpointsMenu ?? true,
      presets: yaml.interface?.presets ?? true,
      parameters: yaml.interface?.parameters ?? true,
      sidePanel: yaml.interface?.sidePanel ?? true,
      temporaryChat: yaml.interface?.temporaryChat ?? true,
      temporaryChatRetention: ctx.tempChatRetentionHours,
      ...(yaml.interface?.customWelcome ? { customWelcome: yaml.interface.customWelcome } : {}),
      ...(yaml.interface?.privacyPolicy ? { privacyPolicy: yaml.interface.privacyPolicy } : {}),
      ...(yaml.interface?.termsOfService ? { termsOfService: yaml.interface.termsOfService } : {}),
    },
    balance: { enabled: ctx.balance.enabled },
    ...(yaml.modelSpecs ? { modelSpecs: yaml.modelSpecs } : {}),
    conversationImportMaxFileSize: importMaxFileSize(config.env),
    allowAccountDeletion: config.allowAccountDeletion,
    avatarSizeLimit: avatarSizeLimit(yaml),
    instanceProjectId: INSTANCE_PROJECT_ID,
    agentCapabilities: [...ctx.agentsConfig.capabilities],
  };
  /**
   * The composer's code execution badge is offered only when a provider serves execute_code: the
   * sandbox's probe decides, so it is asked on the first request (the answer is kept), never at
   * start. The probe runs once per process.
   */
  let executeCode: Promise<boolean> | null = null;
  const offersCode = () => {
    executeCode ??= ctx.tools
      .resolve([BuiltinTools.execute_code], { userId: '' })
      .then((tools) => tools.length > 0)
      .catch(() => false);
    return executeCode;
  };
  app.get('/config', { schema: { response: { 200: StartupConfig } } }, async () => ({
    ...startup,
    executeCode: await offersCode(),
  }));
};

/** Endpoint and model reads for signed-in users (roles: routes/roles.ts). */
export const configRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const endpoints = endpointsConfig(ctx.catalog);
  const { agentsConfig } = ctx;
  // The agents endpoint, after the others, for users who may use agents (doc 3 §6).
  const withAgents: EndpointsConfig = {
    ...endpoints,
    [EModelEndpoint.agents]: {
      order: Object.keys(endpoints).length,
      userProvide: false,
      capabilities: [...agentsConfig.capabilities],
      disableBuilder: agentsConfig.disableBuilder,
      recursionLimit: agentsConfig.recursionLimit,
      maxRecursionLimit: agentsConfig.maxRecursionLimit,
      ...(agentsConfig.allowedProviders ? { allowedProviders: [...agentsConfig.allowedProviders] } : {}),
    },
  };
  app.get('/endpoints', { schema: { response: { 200: EndpointsConfig } } }, async (req) =>
    agentsPolicy.canUse(await loadActor(ctx.repos.roles, req.user)) ? withAgents : endpoints,
  );
  app.get('/models', { schema: { response: { 200: ModelsConfig } } }, () => ctx.modelLists.get());
  /** LibreChat's search probe: search lives in the database, so it is always on. */
  app.get('/search/enable', { schema: { response: { 200: z.boolean() } } }, async () => true);
};
