import { z } from 'zod';

/** POST /api/files/images/avatar reply (doc 3 §7 Account: "returns url"). */
export const AvatarResult = z.object({ url: z.string() });
export type AvatarResult = z.infer<typeof AvatarResult>;

/** GET /api/files/avatars/:userId/:name — the address AvatarResult.url points at. */
export const AvatarFileParams = z.object({ userId: z.string().max(64), name: z.string().max(64) });

/** GET /api/user/terms and POST /api/user/terms/accept (doc 3 §3 Terms state). */
export const TermsState = z.object({ termsAccepted: z.boolean() });
export type TermsState = z.infer<typeof TermsState>;

/** Terms of service from librechat.yaml `interface.termsOfService` (doc 3 §3 startup config). */
export const TermsOfServiceConfig = z.object({
  externalUrl: z.string().optional(),
  openNewTab: z.boolean().optional(),
  modalAcceptance: z.boolean().optional(),
  modalTitle: z.string().optional(),
  /** Markdown; a list of lines is joined with newlines (LibreChat accepts both). */
  modalContent: z.string().optional(),
});
export type TermsOfServiceConfig = z.infer<typeof TermsOfServiceConfig>;
