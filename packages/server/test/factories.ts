import { randomUUID } from 'node:crypto';
import { AgentCreateBody, NO_PARENT, REFRESH_COOKIE, SystemRoles } from '@parley/schema';
import { hashPassword } from '../src/auth/passwords.ts';
import {
  type NewConversation,
  type NewFile,
  type NewMessage,
  newAgentRow,
  newConversationRow,
  newFileRow,
  newMessageRow,
} from '../src/db/rows.ts';
import type { AgentsTable, ConversationRow, FilesTable, MessageRow } from '../src/db/schema.ts';
import { storageKey } from '../src/files/storage.ts';
import type { Session, TestApp } from './helpers.ts';

/**
 * Test data written straight to the database (Outline's test/factories), for tests whose subject
 * is not how the data came to be. Rows come from db/rows.ts, the builders production uses, so a new
 * column reaches every factory-made row with its default. Tests of the chat, sign-up or import
 * paths themselves go through the API instead.
 */

/** The services of a running test app (one place to change if the app's wiring moves). */
const services = (t: TestApp) => t.app.ctx;

/** Times that only grow, so rows made one after another sort in that order. */
let clock = 1_700_000_000_000;
export const tick = (ms = 1000) => (clock += ms);

export const FACTORY_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | null = null;

let users = 0;

/**
 * A verified local user with an open session (a USER unless `role` says otherwise; sign-up would
 * make the first user of an app its ADMIN). They can also sign in with FACTORY_PASSWORD.
 */
export async function makeUser(t: TestApp, opts: { name?: string; role?: string } = {}): Promise<Session> {
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  const { repos, sessions } = services(t);
  const email = `factory${++users}-${randomUUID().slice(0, 8)}@example.com`;
  const user = await repos.users.create({
    email,
    username: null,
    name: opts.name ?? 'Factory User',
    passwordHash: await passwordHash,
    role: opts.role ?? SystemRoles.USER,
  });
  const { access, refresh } = await sessions.open(user);
  return { token: access, cookie: `${REFRESH_COOKIE}=${refresh.token}`, userId: user.id, email };
}

/**
 * A message row with test defaults (not saved): a user message unless told otherwise, text = its
 * id's name when given one.
 */
export function messageRow(
  m: Pick<NewMessage, 'userId' | 'conversationId'> & Partial<NewMessage>,
): MessageRow {
  const isCreatedByUser = m.isCreatedByUser ?? true;
  const at = m.createdAt ?? tick(10);
  return newMessageRow({
    parentMessageId: NO_PARENT,
    sender: isCreatedByUser ? 'User' : 'GPT-4o',
    text: 'Hello',
    endpoint: 'openAI',
    model: 'gpt-4o',
    ...m,
    isCreatedByUser,
    createdAt: at,
  });
}

/** A saved message (see messageRow). */
export async function makeMessage(
  t: TestApp,
  m: Pick<NewMessage, 'userId' | 'conversationId'> & Partial<NewMessage>,
): Promise<MessageRow> {
  const row = messageRow(m);
  await services(t).repos.messages.insert(row);
  return row;
}

/**
 * A saved conversation on openAI/gpt-4o, optionally with a message tree: `[name, parent]` pairs,
 * parents first, `'-'` for a root. Roots are the user's, and turns alternate down each branch;
 * each message's text is its name. Answers the conversation id and each name's message id.
 */
export async function makeConvo(
  t: TestApp,
  opts: Pick<NewConversation, 'userId'> &
    Partial<Omit<NewConversation, 'userId'>> & { tree?: readonly (readonly [string, string])[] },
): Promise<{ id: string; ids: Record<string, string>; row: ConversationRow }> {
  const { tree = [], ...fields } = opts;
  const row = newConversationRow({
    endpoint: 'openAI',
    model: 'gpt-4o',
    title: 'Chat',
    createdAt: tick(),
    ...fields,
  });
  const { repos } = services(t);
  await repos.conversations.insert(row);
  const ids: Record<string, string> = {};
  const byUser: Record<string, boolean> = {};
  for (const [name, parent] of tree) {
    const isRoot = parent === '-';
    byUser[name] = isRoot || !byUser[parent];
    const message = await makeMessage(t, {
      userId: row.user_id,
      conversationId: row.conversation_id,
      parentMessageId: isRoot ? NO_PARENT : ids[parent],
      isCreatedByUser: byUser[name],
      text: name,
    });
    ids[name] = message.message_id;
  }
  return { id: row.conversation_id, ids, row };
}

/**
 * A saved files row (no bytes in storage, no index): a one-byte PDF of the user's unless told
 * otherwise. For tests of what happens to a file after upload; uploads themselves go through the API.
 */
export async function makeFile(
  t: TestApp,
  f: Pick<NewFile, 'userId'> & Partial<NewFile>,
): Promise<FilesTable> {
  const fileId = f.fileId ?? randomUUID();
  const row = newFileRow({
    filename: 'file.pdf',
    storageKey: storageKey(f.userId, fileId),
    type: 'application/pdf',
    bytes: 1,
    createdAt: tick(),
    ...f,
    fileId,
  });
  await services(t).repos.files.insert(row);
  return row;
}

/**
 * A saved agent of `authorId` (private unless `isPublic`): gpt-4o on openAI with no tools unless
 * told otherwise. The agents routes are another slice's; tests of the chat make agents here.
 */
export async function makeAgent(
  t: TestApp,
  authorId: string,
  settings: Partial<AgentCreateBody> = {},
  opts: { isPublic?: boolean } = {},
): Promise<AgentsTable> {
  const row = newAgentRow({
    authorId,
    settings: AgentCreateBody.parse({ name: 'Helper', provider: 'openAI', model: 'gpt-4o', ...settings }),
    isPublic: opts.isPublic,
    createdAt: tick(),
  });
  await services(t).repos.agents.insert(row);
  return row;
}
