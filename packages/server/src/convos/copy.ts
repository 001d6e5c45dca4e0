import { randomUUID } from 'node:crypto';
import { type ForkSelection, normalizeTitle, remapTree, selectForkMessages } from '@parley/schema';
import type { Db } from '../db/index.ts';
import { conversationsRepo } from '../db/repos/conversations.ts';
import { messagesRepo } from '../db/repos/messages.ts';
import { newConversationRow } from '../db/rows.ts';
import type { ConversationRow, MessageRow } from '../db/schema.ts';
import { AppError } from '../errors.ts';

export interface CopyResult {
  conversation: ConversationRow;
  messages: MessageRow[];
}

/**
 * Write a copy of `source` holding `messages` under new ids, in one transaction: either the
 * conversation and every message exist afterwards, or nothing does. Message times are kept so the
 * copy's tree orders as the original's; the conversation itself is new (now).
 */
export async function writeCopy(
  db: Db,
  userId: string,
  source: ConversationRow,
  messages: readonly MessageRow[],
  opts: { title?: string } = {},
): Promise<CopyResult> {
  const now = Date.now();
  // The original's settings; bookmarks belong to the original, so a copy starts untagged, unarchived
  // and is never temporary.
  const conversation = newConversationRow({
    userId,
    title: opts.title ?? source.title,
    endpoint: source.endpoint,
    endpointType: source.endpoint_type,
    model: source.model,
    parameters: source.parameters ? JSON.parse(source.parameters) : null,
    spec: source.spec,
    createdAt: now,
  });
  const conversationId = conversation.conversation_id;
  const remapped = remapTree(messages.map(asNode), randomUUID);
  const copies: MessageRow[] = messages.map((m, i) => ({
    ...m,
    user_id: userId,
    conversation_id: conversationId,
    message_id: remapped[i].messageId,
    parent_message_id: remapped[i].parentMessageId,
  }));
  await db.transaction().execute(async (trx) => {
    await conversationsRepo(trx).insert(conversation);
    await messagesRepo(trx).insertMany(copies);
  });
  return { conversation, messages: copies };
}

async function loadSource(db: Db, userId: string, conversationId: string) {
  const source = await conversationsRepo(db).get(userId, conversationId);
  // Someone else's id looks the same as a missing one.
  if (!source) throw new AppError('conversation_not_found');
  const messages = await messagesRepo(db).listByConversation(userId, conversationId);
  return { source, messages };
}

/** Duplicate: the whole tree, new ids, same links. */
export async function duplicateConversation(
  db: Db,
  userId: string,
  conversationId: string,
  title?: string,
): Promise<CopyResult> {
  const { source, messages } = await loadSource(db, userId, conversationId);
  return writeCopy(db, userId, source, messages, {
    title: title?.trim() ? normalizeTitle(title) : undefined,
  });
}

/** Fork: the part of the tree the option selects (see selectForkMessages), new ids. */
export async function forkConversation(
  db: Db,
  userId: string,
  conversationId: string,
  selection: ForkSelection,
): Promise<CopyResult> {
  const { source, messages } = await loadSource(db, userId, conversationId);
  const picked = selectForkMessages(messages.map(asNode), selection);
  if (!picked) throw new AppError('message_not_found');
  return writeCopy(
    db,
    userId,
    source,
    picked.map((n) => n.row),
  );
}

function asNode(row: MessageRow) {
  return { messageId: row.message_id, parentMessageId: row.parent_message_id, row };
}
