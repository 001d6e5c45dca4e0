import { z } from 'zod';
import { ChatError } from './chat.ts';
import { FILE_RULE_TEXT } from './file-rules.ts';

/** Every API error has this body (DESIGN §4). */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    /** Chat limits (concurrent, message_limit, token_balance): the chat error the thread shows. */
    details: ChatError.optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Error codes with their HTTP status and default English text. */
export const ERRORS = {
  validation: { status: 400, message: 'Invalid request.' },
  unauthorized: { status: 401, message: 'Authentication required.' },
  invalid_token: { status: 401, message: 'Your session has expired. Please log in again.' },
  refresh_missing: { status: 401, message: 'Refresh token not provided.' },
  invalid_credentials: { status: 401, message: 'Invalid email or password.' },
  forbidden: { status: 403, message: 'You do not have permission to do that.' },
  not_found: { status: 404, message: 'Not found.' },
  conversation_not_found: { status: 404, message: 'Conversation not found.' },
  message_not_found: { status: 404, message: 'Message not found.' },
  generation_not_found: { status: 404, message: 'No active generation.' },
  preset_not_found: { status: 404, message: 'Preset not found.' },
  /** GET /api/keys for an endpoint without a stored key. */
  key_not_found: { status: 404, message: 'No key stored for this endpoint.' },
  /** GET /api/convos/gen_title: no generated (or chosen) title yet. */
  title_not_found: { status: 404, message: 'Title not found.' },
  email_taken: { status: 409, message: 'An account with that email already exists.' },
  username_taken: { status: 409, message: 'That username is already taken.' },
  generation_active: {
    status: 409,
    message: 'A reply is still being generated in this conversation.',
  },
  registration_disabled: { status: 403, message: 'Registration is not allowed.' },
  /** librechat.yaml registration.allowedDomains refused the address (LibreChat's text). */
  email_domain_not_allowed: {
    status: 403,
    message: 'The email address provided cannot be used. Please use a different email address.',
  },
  rate_limited: { status: 429, message: 'Too many requests, please try again later.' },
  login_rate_limited: {
    status: 429,
    message: 'Too many login attempts, please try again after 5 minutes.',
  },
  /**
   * Chat limits: `details` holds the chat error (doc 2 §8.3) the client renders in the thread; the
   * message is its LibreChat JSON text, kept for API clients that read it.
   */
  concurrent: { status: 429, message: '{"type":"concurrent","limit":1}' },
  message_limit: { status: 429, message: '{"type":"message_limit","max":1,"windowInMinutes":1}' },
  token_balance: { status: 402, message: '{"type":"token_balance"}' },
  endpoint_unavailable: { status: 400, message: 'This endpoint is not available.' },
  model_unavailable: { status: 400, message: 'This model is not available.' },
  shared_links_disabled: { status: 403, message: 'Shared links are disabled.' },
  share_not_found: { status: 404, message: 'Shared link not found' },
  share_exists: { status: 409, message: 'This conversation already has a shared link.' },
  share_no_messages: { status: 400, message: 'There are no messages to share.' },
  import_no_file: { status: 400, message: 'No file was uploaded.' },
  import_invalid: { status: 400, message: 'The file is not valid JSON.' },
  import_unsupported: { status: 400, message: 'Unsupported import type' },
  import_too_large: { status: 413, message: 'The file is too large to import.' },
  import_job_not_found: { status: 404, message: 'Import not found.' },
  import_busy: { status: 429, message: 'An import is already in progress. Please wait for it to finish.' },
  /** Bookmarks (doc 3 §5, §8): the 'already exists' warning text. */
  tag_exists: { status: 409, message: 'This bookmark already exists.' },
  /** POST /api/mcp/servers with a name that an app-wide or one of the user's servers has. */
  mcp_server_exists: { status: 409, message: 'An MCP server with that name already exists.' },
  mcp_server_not_found: { status: 404, message: 'MCP server not found.' },
  tag_not_found: { status: 404, message: 'Bookmark not found.' },
  tag_builtin: { status: 400, message: 'The Saved bookmark cannot be renamed or deleted.' },
  /** Login of a local account whose email is not verified yet (doc 1 §8: 422). */
  email_unverified: { status: 422, message: 'Email not verified' },
  /** ALLOW_EMAIL_LOGIN=false: the password form is closed (single sign-on may still be open). */
  email_login_disabled: { status: 403, message: 'Email login is not allowed.' },
  password_reset_disabled: { status: 403, message: 'Password reset is not allowed.' },
  invalid_reset_token: { status: 400, message: 'Invalid or expired password reset token' },
  invalid_verify_token: { status: 400, message: 'Invalid or expired email verification token' },
  /** doc 2 §8.3 'ban' text; login, refresh and every authenticated request refuse a banned user. */
  banned: {
    status: 403,
    message: 'Your account has been temporarily banned due to violations of our service.',
  },
  user_not_found: { status: 404, message: 'User not found.' },
  role_not_found: { status: 404, message: 'Role not found.' },
  banner_not_found: { status: 404, message: 'Banner not found.' },
  agent_not_found: { status: 404, message: 'Agent not found.' },
  /** Prompt library (issue 18): a group or version the user may not see answers the same 404. */
  prompt_group_not_found: { status: 404, message: 'Prompt group not found.' },
  prompt_not_found: { status: 404, message: 'Prompt not found.' },
  admin_self: { status: 400, message: 'You cannot do that to your own account.' },
  balance_disabled: { status: 400, message: 'Balances are not enabled.' },
  account_deletion_disabled: { status: 403, message: 'Account deletion is not allowed.' },
  avatar_no_file: { status: 400, message: 'No file was uploaded.' },
  avatar_invalid_type: { status: 400, message: 'Only PNG and JPEG images are allowed.' },
  avatar_too_large: { status: 413, message: 'The image is too large.' },
  /**
   * Files (doc 1 §5 upload rules, LibreChat's texts). Texts with a number ({n}) are sent filled in
   * by the server; the client checks the same rules first with the same config.
   */
  file_not_found: { status: 404, message: 'File not found.' },
  invalid_agent_provider: { status: 400, message: 'Invalid agent provider.' },
  files_no_file: { status: 400, message: 'No file was uploaded.' },
  files_empty: { status: 400, message: 'Empty files are not allowed.' },
  files_limit: { status: 400, message: FILE_RULE_TEXT.limit },
  files_type_unknown: { status: 400, message: FILE_RULE_TEXT.typeUnknown },
  files_unsupported_type: { status: 415, message: FILE_RULE_TEXT.unsupportedType },
  files_too_large: { status: 413, message: FILE_RULE_TEXT.tooLarge },
  files_total_too_large: { status: 413, message: FILE_RULE_TEXT.totalTooLarge },
  files_dupe: { status: 409, message: 'Duplicate file detected.' },
  files_validation: { status: 400, message: 'An error occurred while validating the file.' },
  files_unsupported_capability: {
    status: 400,
    message: 'No capabilities enabled that support this file type.',
  },
  files_process: { status: 422, message: 'An error occurred while processing the file.' },
  files_upload: { status: 500, message: 'An error occurred while uploading the file.' },
  files_quota: { status: 413, message: 'Your file storage is full. Delete some files to upload more.' },
  /** librechat.yaml fileConfig.endpoints.<name>.disabled. */
  files_disabled: { status: 403, message: 'File uploads are disabled for this endpoint.' },
  /** A generated file past its expiresAt (doc 2 §4.15: the link becomes 'download expired'). */
  file_download_expired: { status: 410, message: 'download expired' },
  /** A message with images for a model that cannot see them: refused before any request leaves. */
  vision_unsupported: {
    status: 400,
    message: 'This model cannot read images. Choose a model with vision, or remove the images.',
  },
  /** Two-factor (doc 3 §5, §8; doc 2 §8.1). */
  two_fa_invalid_code: { status: 400, message: 'Invalid two-factor code.' },
  two_fa_not_pending: { status: 400, message: 'Start the two-factor setup first.' },
  two_fa_not_enabled: { status: 400, message: 'Two-factor authentication is not enabled.' },
  two_fa_already_enabled: { status: 409, message: 'Two-factor authentication is already enabled.' },
  two_fa_local_only: {
    status: 403,
    message: 'Two-factor authentication is only available for accounts that sign in with a password.',
  },
  two_fa_temp_invalid: {
    status: 401,
    message: 'Your sign-in attempt has expired. Please log in again.',
  },
  /**
   * Running code (issue 17): no sandbox engine can run it here (CODE_EXECUTOR=off, or every
   * engine failed its probe). The answer's message names the executor's reason; code never runs
   * unsandboxed.
   */
  code_unavailable: { status: 503, message: 'Code execution is not available on this server.' },
  internal: { status: 500, message: 'Something went wrong on the server.' },
} as const satisfies Record<string, { status: number; message: string }>;
export type ErrorCode = keyof typeof ERRORS;
