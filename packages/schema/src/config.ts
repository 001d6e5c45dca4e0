import { z } from 'zod';

/** GET /api/config — the startup config (doc 1 §3, doc 2 §3.1, doc 3 §3). */
export const StartupConfig = z.object({
  appTitle: z.string(),
  serverDomain: z.string(),
  emailLoginEnabled: z.boolean(),
  registrationEnabled: z.boolean(),
  socialLoginEnabled: z.boolean(),
  socialLogins: z.array(z.string()),
  emailEnabled: z.boolean(),
  passwordResetEnabled: z.boolean(),
  openidLoginEnabled: z.boolean(),
  githubLoginEnabled: z.boolean(),
  googleLoginEnabled: z.boolean(),
  discordLoginEnabled: z.boolean(),
  facebookLoginEnabled: z.boolean(),
  appleLoginEnabled: z.boolean(),
  ldap: z.object({ enabled: z.boolean() }).optional(),
  sharedLinksEnabled: z.boolean(),
  searchEnabled: z.boolean(),
  customFooter: z.string().nullable(),
  interface: z.object({
    modelSelect: z.boolean(),
    presets: z.boolean(),
    parameters: z.boolean(),
    sidePanel: z.boolean(),
    customWelcome: z.string().optional(),
    privacyPolicy: z.object({ externalUrl: z.string(), openNewTab: z.boolean().optional() }).optional(),
    termsOfService: z
      .object({ externalUrl: z.string().optional(), openNewTab: z.boolean().optional() })
      .optional(),
  }),
  balance: z.object({ enabled: z.boolean() }),
});
export type StartupConfig = z.infer<typeof StartupConfig>;
