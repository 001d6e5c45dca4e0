import {
  EMAIL_MAX,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SEARCH_TERMS_MAX,
  TITLE_MAX,
  UNTITLED,
  USERNAME_MAX,
  USERNAME_MIN,
} from './constants.ts';

/**
 * How titles, search words and account fields are checked and normalised: the same rules on the
 * client and the server, free of zod (the web's first screen imports this file).
 */

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * A rename as the server stores it (doc 1 §5): trimmed, at most 100 characters, an empty title
 * becomes 'Untitled'.
 */
export function normalizeTitle(raw: string): string {
  const title = raw.trim().slice(0, TITLE_MAX).trim();
  return title || UNTITLED;
}

/** Lower-case, accents removed: how both the client and the index compare words. */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The words of a search query, as the server matches them (every word, as a prefix) and the
 * client highlights them. Punctuation separates words; nothing else of the query reaches SQL.
 */
export function searchTerms(query: string): string[] {
  const out: string[] = [];
  for (const m of query.matchAll(WORD)) {
    const word = m[0].toLowerCase();
    if (!out.includes(word)) out.push(word);
    if (out.length === SEARCH_TERMS_MAX) break;
  }
  return out;
}

/**
 * Account field rules (doc 2 §5.1–5.2). Each returns the first broken rule as a code, or null; the
 * schema's zod bodies turn the code into AUTH_TEXT, the web into its dictionary's text.
 */
export type EmailProblem = 'required' | 'max' | 'invalid';
export type PasswordProblem = 'required' | 'min' | 'max';
export type NameProblem = 'required' | 'min' | 'max';
export type UsernameProblem = 'min' | 'max';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address, compared trimmed. */
export function emailProblem(value: string): EmailProblem | null {
  const email = value.trim();
  if (!email) return 'required';
  if (email.length > EMAIL_MAX) return 'max';
  if (!EMAIL_PATTERN.test(email)) return 'invalid';
  return null;
}

/** With LDAP on, the login may be a directory username: any text without spaces (doc 2 §5.2). */
export function ldapLoginProblem(value: string): EmailProblem | null {
  const login = value.trim();
  if (!login) return 'required';
  if (login.length > EMAIL_MAX) return 'max';
  if (/\s/.test(login)) return 'invalid';
  return null;
}

/** A password, never trimmed. */
export function passwordProblem(value: string): PasswordProblem | null {
  if (!value) return 'required';
  if (value.length < PASSWORD_MIN) return 'min';
  if (value.length > PASSWORD_MAX) return 'max';
  return null;
}

/** A display name, compared trimmed. */
export function nameProblem(value: string): NameProblem | null {
  const name = value.trim();
  if (!name) return 'required';
  if (name.length < NAME_MIN) return 'min';
  if (name.length > NAME_MAX) return 'max';
  return null;
}

/** An optional username, compared trimmed: empty is fine. */
export function usernameProblem(value: string): UsernameProblem | null {
  const username = value.trim();
  if (username.length > USERNAME_MAX) return 'max';
  if (username && username.length < USERNAME_MIN) return 'min';
  return null;
}
