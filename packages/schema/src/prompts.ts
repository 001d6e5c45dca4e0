import { z } from 'zod';
import {
  COMMANDS_MAX_LENGTH,
  normalizeCommand,
  PROMPT_ERROR_TEXT,
  PROMPT_IMPORT_GROUPS_MAX,
  PROMPT_IMPORT_VERSIONS_MAX,
  PROMPT_NAME_MAX,
  PROMPT_ONELINER_MAX,
  PROMPT_PAGE_SIZE_MAX,
  PROMPT_SHARE_USERS_MAX,
  PROMPT_TEXT_MAX,
} from './prompt-rules.ts';

/**
 * The prompt library's API (issue 18; doc 2 §3.3–3.5). Paths are LibreChat's (`/api/prompts…`,
 * `/api/categories`), and so are the ids: Mongo's `_id` on groups and versions, so LibreChat's
 * clients keep working (docs/decisions.md). Times are epoch milliseconds, as on agents.
 */

export const PromptType = z.enum(['text', 'chat']);
export type PromptType = z.infer<typeof PromptType>;

/** One version of a group's text (doc 2 §3.4). */
export const Prompt = z.object({
  _id: z.string(),
  groupId: z.string(),
  author: z.string(),
  prompt: z.string(),
  type: PromptType,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Prompt = z.infer<typeof Prompt>;

/** A prompt group (doc 2 §3.3), as every answer shows it. */
export const PromptGroup = z.object({
  _id: z.string(),
  name: z.string(),
  oneliner: z.string(),
  category: z.string(),
  /** The slash command, normalised (a-z, 0-9, hyphens); empty when none. */
  command: z.string(),
  author: z.string(),
  authorName: z.string(),
  productionId: z.string().nullable(),
  /** The production version's text (the list, the cards and the `/` popover read it). */
  productionPrompt: z.object({ prompt: z.string() }).nullable(),
  numberOfGenerations: z.number().int().nonnegative(),
  /** Holds the instance project id (`instanceProjectId` in GET /api/config) when shared with all. */
  projectIds: z.array(z.string()),
  /** Shared with all users (the green globe marker); the same fact as `projectIds`. */
  isPublic: z.boolean(),
  /** Shared with the signed-in user by its author (chosen users; beyond the spec). */
  sharedWithMe: z.boolean(),
  /** The signed-in user may rename, edit, share and delete it (author or ADMIN). */
  canEdit: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type PromptGroup = z.infer<typeof PromptGroup>;

// ── Fields ─────────────────────────────────────────────────────────────────────────────────────

const name = z
  .string({ error: PROMPT_ERROR_TEXT.nameRequired })
  .trim()
  .min(1, PROMPT_ERROR_TEXT.nameRequired)
  .max(PROMPT_NAME_MAX);
const text = z
  .string({ error: PROMPT_ERROR_TEXT.textRequired })
  .min(1, PROMPT_ERROR_TEXT.textRequired)
  .max(PROMPT_TEXT_MAX)
  .refine((s) => s.trim().length > 0, PROMPT_ERROR_TEXT.textRequired);
const oneliner = z.string().trim().max(PROMPT_ONELINER_MAX, PROMPT_ERROR_TEXT.onelinerTooLong);
/** Sent as typed: the server normalises (doc 2 §5.9), so `My Cmd!` is stored as `my-cmd`. */
const command = z
  .string()
  .max(COMMANDS_MAX_LENGTH * 4, PROMPT_ERROR_TEXT.commandInvalid)
  .transform(normalizeCommand);
/** Any category value is kept (LibreChat's are free text); the nine known ones are listed. */
const category = z.string().trim().max(64);
const id = z.string().min(1).max(64);

// ── Bodies and queries ─────────────────────────────────────────────────────────────────────────

/** POST /api/prompts (doc 2 §3.5): the group and its first version, which becomes production. */
export const PromptCreateBody = z.object({
  prompt: z.object({
    prompt: text,
    type: PromptType.default('text'),
    /** LibreChat sends it on some clients; ignored (a new group is made). */
    groupId: z.string().max(64).optional(),
  }),
  group: z.object({
    name,
    category: category.optional(),
    oneliner: oneliner.optional(),
    command: command.optional(),
  }),
});
export type PromptCreateBody = z.input<typeof PromptCreateBody>;

/** POST /api/prompts's answer. */
export const PromptCreateResult = z.object({ prompt: Prompt, group: PromptGroup });
export type PromptCreateResult = z.infer<typeof PromptCreateResult>;

/**
 * POST /api/prompts/groups/:groupId/prompts: a new version (every edit is one, doc 2 §4.8).
 * `makeProduction` is always-make-production (doc 2 §4.7): the new version becomes production in
 * the same transaction. Answers the new version (LibreChat's shape).
 */
export const PromptAddBody = z.object({
  prompt: z.object({ prompt: text, type: PromptType.default('text') }),
  makeProduction: z.boolean().default(false),
});
export type PromptAddBody = z.input<typeof PromptAddBody>;

/**
 * PATCH /api/prompts/groups/:groupId (doc 2 §3.5): any of the fields; sharing with all users adds
 * the instance project (`projectIds`) or removes it (`removeProjectIds`), which needs SHARED_GLOBAL.
 */
export const PromptGroupUpdateBody = z
  .object({
    name,
    oneliner,
    category,
    command,
    projectIds: z.array(z.string().max(64)).max(16),
    removeProjectIds: z.array(z.string().max(64)).max(16),
  })
  .partial();
export type PromptGroupUpdateBody = z.input<typeof PromptGroupUpdateBody>;

/** PATCH /api/prompts/:promptId/tags/production: LibreChat sends nothing, or the group id. */
export const PromptProductionBody = z.object({ groupId: z.string().max(64).optional() }).optional();

export const PromptGroupIdParams = z.object({ groupId: id });
export const PromptIdParams = z.object({ promptId: id });

/** DELETE /api/prompts/:promptId?groupId= */
export const PromptDeleteQuery = z.object({ groupId: id.optional() });

/** GET /api/prompts?groupId=: a group's versions, newest first. */
export const PromptListQuery = z.object({ groupId: id });
export const PromptList = z.array(Prompt);

/**
 * GET /api/prompts/groups. `pageSize` (or LibreChat's `limit`) defaults to 10; `cursor` (from
 * `after`) pages on, or `pageNumber` (1-based) jumps. `name` searches the full-text index over
 * name, oneliner and production text (every word, as a prefix); `category` filters.
 */
export const PromptGroupListQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(PROMPT_PAGE_SIZE_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(PROMPT_PAGE_SIZE_MAX).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional(),
  cursor: z.string().max(256).optional(),
  name: z.string().max(200).optional(),
  category: z.string().max(64).optional(),
});
export type PromptGroupListQuery = z.input<typeof PromptGroupListQuery>;

/** GET /api/prompts/groups's answer (LibreChat's fields). */
export const PromptGroupList = z.object({
  promptGroups: z.array(PromptGroup),
  pageNumber: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /**
   * Pages of the whole filtered list. A search (`name`) is not counted: there it is this page's
   * number, plus one while `has_more`.
   */
  pages: z.number().int().nonnegative(),
  has_more: z.boolean(),
  /** The cursor for the next page; null on the last. */
  after: z.string().nullable(),
});
export type PromptGroupList = z.infer<typeof PromptGroupList>;

/** GET /api/prompts/all: every group the user may use (most recent first, PROMPT_ALL_MAX at most). */
export const PromptGroupAll = z.array(PromptGroup);

/** DELETE /api/prompts/:promptId's answer (LibreChat's); `promptGroup` when the group went too. */
export const PromptDeleteResult = z.object({
  prompt: z.string(),
  promptGroup: z.object({ message: z.string(), id: z.string() }).optional(),
  /** The group's production version after the delete (ours), when the group remains. */
  productionId: z.string().nullable().optional(),
});
export type PromptDeleteResult = z.infer<typeof PromptDeleteResult>;

/** DELETE /api/prompts/groups/:groupId's answer. */
export const PromptGroupDeleteResult = z.object({ message: z.string(), id: z.string() });

/** POST /api/prompts/groups/:groupId/use's answer. */
export const PromptUseResult = z.object({ numberOfGenerations: z.number().int().nonnegative() });

/** GET /api/categories */
export const PromptCategoryList = z.array(z.object({ label: z.string(), value: z.string() }));
export type PromptCategoryList = z.infer<typeof PromptCategoryList>;

// ── Sharing with chosen users (beyond the spec) ────────────────────────────────────────────────

export const PromptShareUser = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type PromptShareUser = z.infer<typeof PromptShareUser>;

/**
 * GET /api/prompts/users?email=: find one user by exact email, to share with (needs prompts
 * CREATE). Answers their name and email only: no id (an id is never learnt from an email).
 */
export const PromptUserLookupQuery = z.object({ email: z.string().trim().min(3).max(320) });
export const PromptUserLookup = z.object({ name: z.string(), email: z.string() });
export type PromptUserLookup = z.infer<typeof PromptUserLookup>;

/**
 * PUT /api/prompts/groups/:groupId/shares: the whole list of chosen users, by email (author or
 * ADMIN). An unknown email answers 404 `user_not_found` naming the field (`emails.N`).
 */
export const PromptSharesBody = z.object({
  emails: z.array(z.string().trim().min(3).max(320)).max(PROMPT_SHARE_USERS_MAX),
});
export type PromptSharesBody = z.infer<typeof PromptSharesBody>;

/** GET/PUT /api/prompts/groups/:groupId/shares's answer. */
export const PromptShares = z.object({ users: z.array(PromptShareUser) });
export type PromptShares = z.infer<typeof PromptShares>;

// ── Export and import (beyond the spec) ────────────────────────────────────────────────────────

export const PROMPT_EXPORT_FORMAT = 'parley.prompts';

export const PromptExportVersion = z.object({
  prompt: text,
  type: PromptType.default('text'),
  createdAt: z.number().optional(),
});

export const PromptExportGroup = z.object({
  name,
  oneliner: oneliner.default(''),
  category: category.default(''),
  command: command.default(''),
  /** Oldest first. */
  prompts: z
    .array(PromptExportVersion)
    .min(1, PROMPT_ERROR_TEXT.textRequired)
    .max(PROMPT_IMPORT_VERSIONS_MAX),
  /** Index into `prompts` of the production version; the newest when absent. */
  production: z.number().int().nonnegative().optional(),
});
export type PromptExportGroup = z.input<typeof PromptExportGroup>;

/**
 * GET /api/prompts/export (the user's own groups with all versions) and the body of
 * POST /api/prompts/import (validated, then imported in one transaction as new groups of the
 * importer; sharing is not carried over).
 */
export const PromptExport = z.object({
  format: z.literal(PROMPT_EXPORT_FORMAT),
  version: z.literal(1),
  exportedAt: z.number().optional(),
  groups: z.array(PromptExportGroup).max(PROMPT_IMPORT_GROUPS_MAX),
});
export type PromptExport = z.input<typeof PromptExport>;

/** GET /api/prompts/export's answer: PromptExport as written (the same shape, nothing to normalise). */
export const PromptExportFile = z.object({
  format: z.literal(PROMPT_EXPORT_FORMAT),
  version: z.literal(1),
  exportedAt: z.number(),
  groups: z.array(
    z.object({
      name: z.string(),
      oneliner: z.string(),
      category: z.string(),
      command: z.string(),
      prompts: z.array(z.object({ prompt: z.string(), type: PromptType, createdAt: z.number() })),
      production: z.number().int().nonnegative().optional(),
    }),
  ),
});
export type PromptExportFile = z.infer<typeof PromptExportFile>;

export const PromptImportResult = z.object({ imported: z.number().int(), groupIds: z.array(z.string()) });
export type PromptImportResult = z.infer<typeof PromptImportResult>;
