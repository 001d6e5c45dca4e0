import { type Actor, can } from './policy.ts';

/** Conversations: the role permissions that gate some ways of having or finding one. */
export const conversationPolicy = {
  /** A new temporary chat (LibreChat's TEMPORARY_CHAT use). */
  canStartTemporary: (a: Actor) => can(a, 'TEMPORARY_CHAT', 'USE'),
  /** Bookmarks: the tag routes and filtering the list by tags (doc 3 §7). */
  canUseBookmarks: (a: Actor) => can(a, 'BOOKMARKS', 'USE'),
};
