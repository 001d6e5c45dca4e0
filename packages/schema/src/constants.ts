/** Spec constants (doc 1 §9, doc 2 §9, doc 3 §9). Values the spec leaves open are named here. */

/** Parent id of a root message (doc 1 §3). */
export const NO_PARENT = '00000000-0000-0000-0000-000000000000';

/** Special conversation ids (doc 1 §2). */
export const NEW_CONVO = 'new';
export const PENDING_CONVO = 'pending';
export const SEARCH_CONVO = 'search';

export const DEFAULT_TITLE = 'New Chat';
export const UNTITLED = 'Untitled';
export const TITLE_MAX = 100;

/** Auth field limits (doc 1 §5, doc 2 §5.1). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 120;
export const NAME_MIN = 3;
export const NAME_MAX = 80;
export const USERNAME_MIN = 2;
export const USERNAME_MAX = 80;

/** Session lifetimes (DESIGN §4; LibreChat's SESSION_EXPIRY / REFRESH_TOKEN_EXPIRY defaults). */
export const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const REFRESH_COOKIE = 'refreshToken';

/** Email verification and password reset links (LibreChat keeps both for 15 minutes; a verify link lives a day here). */
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;
/** Invitations made by an operator (`npm run user -- invite`): a week, as LibreChat's invite-user. */
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Redirect countdown after register or verify, and the auth-query delay (doc 2 §9). */
export const AUTH_REDIRECT_SECONDS = 3;
export const AUTH_QUERIES_DELAY_MS = 500;

/** Login rate limit: 7 attempts per 5 minutes per IP (LibreChat LOGIN_MAX / LOGIN_WINDOW). */
export const LOGIN_MAX = 7;
export const LOGIN_WINDOW_MS = 5 * 60 * 1000;

/** Timings (doc 1 §2, §4, §9). */
export const UNAUTH_REDIRECT_MS = 300;
export const TITLE_GENERATION_DELAY_MS = 2500;
/** How long GET /api/convos/gen_title waits for a title still being generated (value not shown). */
export const TITLE_WAIT_MS = 15_000;
export const TOAST_DURATION_MS = 3000;
export const COPY_FEEDBACK_MS = 3000;
export const DRAFT_DEBOUNCE_MS = 750;
export const DRAFT_CLEAR_MS = 2500;
export const SEARCH_DEBOUNCE_MS = 500;
/** Artifact edits are saved this long after the last change (doc 3 §9). */
export const ARTIFACT_SAVE_DEBOUNCE_MS = 500;
/** Artifacts are re-read from a streaming reply at most this often (doc 2 §9). */
export const ARTIFACT_UPDATE_THROTTLE_MS = 25;

/** Sidebar (doc 3 §9). */
export const SIDEBAR_WIDTH = 260;
export const SIDEBAR_WIDTH_SMALL = 320;
export const SMALL_SCREEN_MAX = 767;
export const SIDEBAR_ROW_HEIGHT_SMALL = 44;
export const SIDEBAR_ROW_HEIGHT = 34;
export const SIDEBAR_OVERSCAN = 10;
export const SIDEBAR_LOAD_WITHIN_ROWS = 8;
export const SIDEBAR_LOAD_DEBOUNCE_MS = 300;

/** Conversation list page size (LibreChat default 25). */
export const CONVO_PAGE_SIZE = 25;
export const CONVO_PAGE_MAX = 100;

/** Error text truncation and notice delays (doc 2 §9). */
export const ERROR_TRUNCATE = 512;
export const UNFINISHED_NOTICE_MS = 250;
export const CONNECTION_ERROR_NOTICE_MS = 5500;

/** Message scrolling (doc 1 §9). */
/** Following a growing reply pauses once the view is more than this far from the bottom. */
export const AUTO_SCROLL_PAUSE_PX = 50;
/**
 * The scroll-to-bottom button shows once the bottom of the view is above this share of a screen
 * from the end: away by more than (1 − 0.85) of the viewport height.
 */
export const SCROLL_BUTTON_THRESHOLD = 0.85;
/** The button appears only after the view has stayed away this long (no flicker while scrolling). */
export const SCROLL_BUTTON_DELAY_MS = 150;
/** Programmatic scrolls to the bottom are throttled: instant ones and smooth ones. */
export const SCROLL_THROTTLE_INSTANT_MS = 145;
export const SCROLL_THROTTLE_SMOOTH_MS = 750;

/** A tool call's progress when it starts (doc 2 §9); 1 is finished. */
export const TOOL_PROGRESS_INITIAL = 0.1;

/**
 * Server-side delta coalescing window (DESIGN §1.5). The first delta of a reply is never
 * delayed; later deltas within this window go out as one frame.
 */
export const DELTA_COALESCE_MS = 25;

/** How long a finished generation's event log stays replayable (value not shown). */
export const GENERATION_RETAIN_MS = 60_000;

/** Mermaid diagram zoom range (doc 3 §9: "Diagram zoom from 0.1 to 10"). */
export const MERMAID_MIN_ZOOM = 0.1;
export const MERMAID_MAX_ZOOM = 10;

/** The value stored for `apiKey` in an Azure bundle: the real key travels in the JSON (doc 3 §5). */
export const AZURE_PLACEHOLDER_KEY = 'n/a';

/** Key expiry choices (doc 1 §9, doc 3 §9); `null` means never. 12 hours is the default. */
export const KEY_EXPIRY_CHOICES = [
  { id: '30m', ms: 30 * 60 * 1000 },
  { id: '2h', ms: 2 * 60 * 60 * 1000 },
  { id: '12h', ms: 12 * 60 * 60 * 1000 },
  { id: '1d', ms: 24 * 60 * 60 * 1000 },
  { id: '7d', ms: 7 * 24 * 60 * 60 * 1000 },
  { id: '30d', ms: 30 * 24 * 60 * 60 * 1000 },
  { id: 'never', ms: null },
] as const;

export const DEFAULT_KEY_EXPIRY = '12h';

/** Longest accepted key value: a Google service-account JSON is a few KB. */
export const KEY_VALUE_MAX = 20_000;

/** Default preset title (doc 2 §3.12, §9). */
export const DEFAULT_PRESET_TITLE = 'My Preset';
export const PRESET_TITLE_MAX = 100;

/** Bookmark (conversation tag) limits (doc 3 §5 "Bookmark tag", §9). */
export const TAG_MAX = 128;
export const TAG_DESCRIPTION_MAX = 1048;

/** The built-in tag every user has (LibreChat's `Constants.SAVED_TAG`). */
export const SAVED_TAG = 'Saved';

/** Bookmarks panel rows per page (doc 3 §9). */
export const BOOKMARKS_PAGE_SIZE = 10;

/** The most tags one conversation may carry (a bound the spec leaves open). */
export const CONVO_TAGS_MAX = 100;

/**
 * Largest conversation import accepted, in bytes: LibreChat's default for
 * `CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES` (250 MiB). The server may be configured lower or higher;
 * the startup config reports the value in force as `conversationImportMaxFileSize`.
 */
export const CONVERSATION_IMPORT_MAX_FILE_SIZE = 262_144_000;

/** Export types of the export dialog (doc 3 §2, §9). */
export const EXPORT_TYPES = ['screenshot', 'text', 'markdown', 'json', 'csv'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** CSV export columns, in order (doc 1 §5). */
export const EXPORT_CSV_COLUMNS = [
  'sender',
  'text',
  'isCreatedByUser',
  'error',
  'unfinished',
  'messageId',
  'parentMessageId',
  'createdAt',
] as const;

/** Most conversations one DELETE /api/convos may name (bulk delete in the archived manager). */
export const CONVO_DELETE_MAX = 100;

/** Sort keys of the conversation list (the archived manager sorts by title or date). */
export const CONVO_SORT_KEYS = ['updatedAt', 'createdAt', 'title'] as const;
export type ConvoSortKey = (typeof CONVO_SORT_KEYS)[number];

export type SortDirection = 'asc' | 'desc';

/** Archived manager (doc 3 §9): page, row estimate, overscan, skeleton rows, search debounce. */
export const ARCHIVED_PAGE_SIZE = 25;
export const ARCHIVED_ROW_ESTIMATE = 48;

export const ARCHIVED_OVERSCAN = 10;
export const ARCHIVED_SKELETON_ROWS = 13;

export const TABLE_SEARCH_DEBOUNCE_MS = 300;

/** Message search (GET /api/messages?search=…; doc 1 §4 "Search", doc 3 §2 "Search screen"). */
export const SEARCH_PAGE_SIZE = 25;
export const SEARCH_PAGE_MAX = 100;

export const SEARCH_QUERY_MAX = 200;

/** At most this many words of a query are used (each matches as a prefix). */
export const SEARCH_TERMS_MAX = 12;

/** Message search results stay fresh this long (doc 3 §9). */
export const SEARCH_STALE_MS = 30_000;

/** Built-in endpoint names, as LibreChat spells them. Custom endpoints use their own names. */
export const EModelEndpoint = {
  openAI: 'openAI',
  azureOpenAI: 'azureOpenAI',
  anthropic: 'anthropic',
  google: 'google',
  bedrock: 'bedrock',
  agents: 'agents',
  assistants: 'assistants',
  custom: 'custom',
} as const;
export type EModelEndpoint = (typeof EModelEndpoint)[keyof typeof EModelEndpoint];

/** Content part types (doc 1 §3). */
export const ContentTypes = {
  TEXT: 'text',
  THINK: 'think',
  ERROR: 'error',
  TOOL_CALL: 'tool_call',
  IMAGE_FILE: 'image_file',
  IMAGE_URL: 'image_url',
  AGENT_UPDATE: 'agent_update',
} as const;
