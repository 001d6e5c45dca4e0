import { z } from 'zod';
import { SystemRoles } from './permissions.ts';

/** A user as the admin area lists it (explicit fields: no secrets). */
export const AdminUser = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  provider: z.string(),
  createdAt: z.number(),
  /** Ban end (UTC ms) while banned, else null. */
  bannedUntil: z.number().nullable(),
  /** Token credits when balances are enabled, else null. */
  tokenCredits: z.number().nullable(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const ADMIN_PAGE_MAX = 100;

export const AdminUsersQuery = z.object({
  search: z.string().trim().max(200).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(25),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export const AdminUserList = z.object({ users: z.array(AdminUser), nextCursor: z.string().nullable() });
export type AdminUserList = z.infer<typeof AdminUserList>;

export const AdminUserParams = z.object({ userId: z.string().min(1).max(64) });

export const UpdateUserRoleBody = z.object({ role: z.enum([SystemRoles.USER, SystemRoles.ADMIN]) });
export type UpdateUserRoleBody = z.infer<typeof UpdateUserRoleBody>;

/** Ban for a number of minutes, or until unbanned when `minutes` is omitted. */
export const BanUserBody = z.object({ minutes: z.number().int().min(1).max(5_256_000).optional() });
export type BanUserBody = z.infer<typeof BanUserBody>;

/** Add (positive) or remove (negative) token credits. */
export const AdjustBalanceBody = z.object({
  amount: z
    .number()
    .int()
    .min(-1_000_000_000_000)
    .max(1_000_000_000_000)
    .refine((n) => n !== 0, 'Amount must not be zero.'),
});
export type AdjustBalanceBody = z.infer<typeof AdjustBalanceBody>;

export const AdjustBalanceResult = z.object({ tokenCredits: z.number() });

/** Usage over [from, to) in UTC ms; the period is bounded so a report never reads the whole ledger. */
export const USAGE_MAX_PERIOD_MS = 366 * 86_400_000;
export const UsageQuery = z
  .object({
    from: z.coerce.number().int().min(0),
    to: z.coerce.number().int().min(0),
    groupBy: z.enum(['user', 'model']).default('user'),
    limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(50),
  })
  .refine((q) => q.to > q.from, { message: 'The period must end after it starts.', path: ['to'] })
  .refine((q) => q.to - q.from <= USAGE_MAX_PERIOD_MS, {
    message: 'The period can be at most 366 days.',
    path: ['from'],
  });
export type UsageQuery = z.infer<typeof UsageQuery>;

export const UsageRow = z.object({
  /** User id or model name. */
  key: z.string(),
  /** Email for a user row, the model for a model row. */
  label: z.string(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  /** Credits spent (positive). */
  credits: z.number(),
  /** Replies charged (completion ledger entries). */
  replies: z.number(),
});
export type UsageRow = z.infer<typeof UsageRow>;

export const UsageReport = z.object({
  from: z.number(),
  to: z.number(),
  groupBy: z.enum(['user', 'model']),
  rows: z.array(UsageRow),
});
export type UsageReport = z.infer<typeof UsageReport>;
