import { z } from 'zod';

/** Profile picture rules (doc 3 §5 Avatars, §9): png/jpg/jpeg, a 250 px crop canvas, zoom 1–5. */
export const AVATAR_CANVAS_SIZE = 250;
export const AVATAR_ZOOM_MIN = 1;
export const AVATAR_ZOOM_MAX = 5;
export const AVATAR_ROTATE_STEP = 90;
/** LibreChat's default `fileConfig.avatarSizeLimit` (2 MB) when the config sets none. */
export const AVATAR_DEFAULT_SIZE_LIMIT = 2 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;

/** POST /api/files/images/avatar reply (doc 3 §7 Account: "returns url"). */
export const AvatarResult = z.object({ url: z.string() });
export type AvatarResult = z.infer<typeof AvatarResult>;

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

/** The delete-account lock (doc 3 §4, §5): the typed email equals the account's, ignoring case. */
export function emailMatches(typed: string, email: string): boolean {
  const a = typed.trim().toLowerCase();
  return a.length > 0 && a === email.trim().toLowerCase();
}
