import { randomBytes } from 'node:crypto';
import { NO_PARENT, type SharedMessage } from '@parley/schema';
import type { MessageRow } from '../db/schema.ts';
import { presentMessage } from '../presenters/message.ts';

/** 128 random bits, URL-safe (22 characters): a share id cannot be guessed or enumerated. */
export function newShareId(): string {
  return randomBytes(16).toString('base64url');
}

const anonymousId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

/**
 * Freeze a conversation for a shared link (doc 2 §2.6): the tree as it is now, with fresh message
 * and conversation ids (a viewer learns nothing that names the owner's data) and only the fields
 * a reader sees. Parent links are remapped so the tree and its branches survive; a parent outside
 * the conversation becomes the root.
 */
export function buildSnapshot(rows: readonly MessageRow[]): SharedMessage[] {
  const conversationId = anonymousId('convo');
  const ids = new Map<string, string>();
  for (const row of rows) ids.set(row.message_id, anonymousId('msg'));
  return rows.map((row) => {
    const m = presentMessage(row);
    return {
      messageId: ids.get(row.message_id)!,
      conversationId,
      parentMessageId: ids.get(row.parent_message_id) ?? NO_PARENT,
      text: m.text,
      ...(m.content ? { content: m.content } : {}),
      // Files keep what a reader needs to see them; their ids stay private.
      ...(m.files ? { files: m.files.map(({ file_id: _id, ...shown }) => shown) } : {}),
      // The owner's display name never leaves with the link.
      sender: m.isCreatedByUser ? 'User' : m.sender,
      isCreatedByUser: m.isCreatedByUser,
      error: m.error,
      unfinished: m.unfinished,
      endpoint: m.endpoint,
      model: m.model,
      createdAt: m.createdAt,
      updatedAt: m.updatedAt,
    };
  });
}
