import { z } from 'zod';
import { TermsOfServiceConfig } from './account.ts';

/** A model spec from librechat.yaml `modelSpecs.list` (doc 3 §3 "Model spec"). */
export const ModelSpec = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string().optional(),
  iconURL: z.string().optional(),
  default: z.boolean().optional(),
  showIconInMenu: z.boolean().optional(),
  showIconInHeader: z.boolean().optional(),
  preset: z
    .record(z.string(), z.unknown())
    .and(z.object({ endpoint: z.string(), model: z.string().optional() })),
});
export type ModelSpec = z.infer<typeof ModelSpec>;

export const ModelSpecsConfig = z.object({
  enforce: z.boolean(),
  prioritize: z.boolean(),
  list: z.array(ModelSpec),
});
export type ModelSpecsConfig = z.infer<typeof ModelSpecsConfig>;

/** GET /api/config — the startup config (doc 1 §3, doc 2 §3.1, doc 3 §3). */
export const StartupConfig = z.object({
  appTitle: z.string(),
  serverDomain: z.string(),
  emailLoginEnabled: z.boolean(),
  registrationEnabled: z.boolean(),
  socialLoginEnabled: z.boolean(),
  /** ALLOW_SOCIAL_REGISTRATION: a first social or OpenID sign-in may create an account (Parley's addition). */
  socialRegistrationEnabled: z.boolean().optional(),
  socialLogins: z.array(z.string()),
  emailEnabled: z.boolean(),
  passwordResetEnabled: z.boolean(),
  openidLoginEnabled: z.boolean(),
  /** The login page sends the browser to /oauth/openid unless ?redirect=false (doc 2 §2.2). */
  openidAutoRedirect: z.boolean().optional(),
  openidLabel: z.string().optional(),
  openidImageUrl: z.string().optional(),
  githubLoginEnabled: z.boolean(),
  googleLoginEnabled: z.boolean(),
  discordLoginEnabled: z.boolean(),
  facebookLoginEnabled: z.boolean(),
  appleLoginEnabled: z.boolean(),
  /** username: the directory is searched by username rather than email (LDAP_LOGIN_USES_USERNAME). */
  ldap: z.object({ enabled: z.boolean(), username: z.boolean().optional() }).optional(),
  sharedLinksEnabled: z.boolean(),
  /** Shared links open without sign-in (LibreChat ALLOW_SHARED_LINKS_PUBLIC). */
  publicSharedLinksEnabled: z.boolean().optional(),
  searchEnabled: z.boolean(),
  customFooter: z.string().nullable(),
  interface: z.object({
    modelSelect: z.boolean(),
    /** Endpoints (and their model lists) in the model selector; specs stay. */
    endpointsMenu: z.boolean(),
    presets: z.boolean(),
    parameters: z.boolean(),
    sidePanel: z.boolean(),
    /** The temporary-chat toggle is offered (LibreChat `interface.temporaryChat`). */
    temporaryChat: z.boolean().optional(),
    /** Hours a temporary chat is kept before the retention job removes it. */
    temporaryChatRetention: z.number().optional(),
    customWelcome: z.string().optional(),
    privacyPolicy: z.object({ externalUrl: z.string(), openNewTab: z.boolean().optional() }).optional(),
    termsOfService: TermsOfServiceConfig.optional(),
  }),
  balance: z.object({ enabled: z.boolean() }),
  modelSpecs: ModelSpecsConfig.optional(),
  /** Users may delete their own account (ALLOW_ACCOUNT_DELETION). */
  allowAccountDeletion: z.boolean().optional(),
  /** Largest profile picture in bytes (librechat.yaml `fileConfig.avatarSizeLimit`, in MB there). */
  avatarSizeLimit: z.number().optional(),
  /** The project an agent shared with all users lists in `projectIds` (doc 3 §3). */
  instanceProjectId: z.string().optional(),
  /** librechat.yaml `endpoints.agents.capabilities` as served (doc 3 §3 "agents endpoint capabilities"). */
  agentCapabilities: z.array(z.string()).optional(),
  /**
   * An execute_code engine serves the tool (ours, issue 17): the composer's code execution badge
   * is offered only then.
   */
  executeCode: z.boolean().optional(),
  /** Largest conversation import file in bytes (LibreChat's field). */
  conversationImportMaxFileSize: z.number().optional(),
});
export type StartupConfig = z.infer<typeof StartupConfig>;
