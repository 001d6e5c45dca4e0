import type { UserRow } from './schema.ts';

/**
 * Rows that queries assemble from several tables (not one table's row, as in schema.ts). They sit
 * in db/ so that presenters, which shape them for the API, never import the queries that read them.
 */

/** A user as the admin area lists them, with their balance (presenters/admin-user.ts). */
export type AdminUserRow = Pick<
  UserRow,
  'id' | 'name' | 'username' | 'email' | 'role' | 'provider' | 'created_at' | 'banned_until'
> & { token_credits: number | null };

/** A found message with its conversation's title; presenters/search-hit.ts shapes it for the API. */
export interface SearchHitRow {
  message_id: string;
  conversation_id: string;
  parent_message_id: string;
  text: string;
  sender: string;
  is_created_by_user: number;
  endpoint: string | null;
  model: string | null;
  created_at: number | string;
  updated_at: number | string;
  title: string;
  is_archived: number;
  title_match: number | string;
}
