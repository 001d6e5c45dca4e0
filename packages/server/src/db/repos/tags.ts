import { randomUUID } from 'node:crypto';
import { SAVED_TAG } from '@parley/schema';
import type { Transaction } from 'kysely';
import { AppError } from '../../errors.ts';
import { countTags, dialectOf, hasAnyTag } from '../dialects/json-tags.ts';
import type { Db } from '../index.ts';
import type { ConversationTagsTable, Database } from '../schema.ts';

export type TagRow = ConversationTagsTable & { count: number };
type Trx = Transaction<Database>;

const parseTags = (raw: string): string[] => {
  try {
    const value = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
};

/** The user's tags in position order (within a transaction). */
function ordered(trx: Trx, userId: string) {
  return trx
    .selectFrom('conversation_tags')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

/** Save positions 0..n-1 in the given order, writing only rows that moved. */
async function renumber(trx: Trx, userId: string, rows: ConversationTagsTable[]): Promise<void> {
  for (const [index, row] of rows.entries()) {
    if (row.position === index) continue;
    await trx
      .updateTable('conversation_tags')
      .set({ position: index })
      .where('user_id', '=', userId)
      .where('id', '=', row.id)
      .execute();
    row.position = index;
  }
}

/** Rewrite the tag list of every conversation of the user that carries `tag`. */
async function rewriteConvoTags(
  trx: Trx,
  userId: string,
  tag: string,
  change: (tags: string[]) => string[],
): Promise<void> {
  const convos = await trx
    .selectFrom('conversations')
    .select(['conversation_id', 'tags'])
    .where('user_id', '=', userId)
    .where(hasAnyTag(dialectOf(trx), 'conversations.tags', [tag]))
    .execute();
  for (const convo of convos) {
    await trx
      .updateTable('conversations')
      .set({ tags: JSON.stringify(change(parseTags(convo.tags))) })
      .where('user_id', '=', userId)
      .where('conversation_id', '=', convo.conversation_id)
      .execute();
  }
}

function newRow(userId: string, tag: string, position: number, description: string | null = null) {
  const now = Date.now();
  return {
    id: randomUUID(),
    user_id: userId,
    tag,
    description,
    position,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Bookmarks (doc 3 §3, §7). Tag metadata lives in `conversation_tags`; which conversations carry
 * a tag is `conversations.tags`, rewritten in the same transaction on rename and delete.
 */
export function tagsRepo(db: Db) {
  const withCounts = async (userId: string, rows: ConversationTagsTable[]): Promise<TagRow[]> => {
    const counts = await countTags(db, userId);
    return rows.map((r) => ({ ...r, count: counts.get(r.tag) ?? 0 }));
  };
  const countOf = async (userId: string, row: ConversationTagsTable): Promise<TagRow> =>
    (await withCounts(userId, [row]))[0];

  return {
    /** The built-in Saved tag exists for every user: created first, at the top, when missing. */
    async ensureSaved(userId: string): Promise<void> {
      const found = await db
        .selectFrom('conversation_tags')
        .select('id')
        .where('user_id', '=', userId)
        .where('tag', '=', SAVED_TAG)
        .executeTakeFirst();
      if (found) return;
      await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('conversation_tags')
          .values(newRow(userId, SAVED_TAG, -1))
          .onConflict((oc) => oc.columns(['user_id', 'tag']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0)
          await renumber(trx, userId, await ordered(trx, userId));
      });
    },

    async list(userId: string): Promise<TagRow[]> {
      const rows = await db
        .selectFrom('conversation_tags')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('position')
        .orderBy('created_at')
        .execute();
      return withCounts(userId, rows);
    },

    async get(userId: string, tag: string): Promise<ConversationTagsTable | undefined> {
      return db
        .selectFrom('conversation_tags')
        .selectAll()
        .where('user_id', '=', userId)
        .where('tag', '=', tag)
        .executeTakeFirst();
    },

    /** A new tag at `position` (default: last), optionally added to one of the user's conversations. */
    async create(
      userId: string,
      input: { tag: string; description: string | null; position?: number; conversationId?: string },
    ): Promise<TagRow> {
      const row = await db.transaction().execute(async (trx) => {
        const rows = await ordered(trx, userId);
        if (rows.some((r) => r.tag === input.tag)) throw new AppError('tag_exists');
        let convoTags: string[] | null = null;
        if (input.conversationId) {
          const convo = await trx
            .selectFrom('conversations')
            .select('tags')
            .where('user_id', '=', userId)
            .where('conversation_id', '=', input.conversationId)
            .executeTakeFirst();
          if (!convo) throw new AppError('conversation_not_found');
          convoTags = parseTags(convo.tags);
        }
        const at = Math.min(input.position ?? rows.length, rows.length);
        const created = newRow(userId, input.tag, at, input.description);
        // A concurrent create of the same name loses the race here, as a duplicate.
        const inserted = await trx
          .insertInto('conversation_tags')
          .values(created)
          .onConflict((oc) => oc.columns(['user_id', 'tag']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new AppError('tag_exists');
        rows.splice(at, 0, created);
        await renumber(trx, userId, rows);
        if (input.conversationId && convoTags && !convoTags.includes(input.tag)) {
          await trx
            .updateTable('conversations')
            .set({ tags: JSON.stringify([...convoTags, input.tag]) })
            .where('user_id', '=', userId)
            .where('conversation_id', '=', input.conversationId)
            .execute();
        }
        return created;
      });
      return countOf(userId, row);
    },

    /**
     * Rename (every conversation's list follows), describe, or move to a position (the others
     * shift; positions are saved as 0..n-1). Nothing changes, not even updatedAt, for a no-op.
     */
    async update(
      userId: string,
      tag: string,
      changes: { tag?: string; description?: string | null; position?: number },
    ): Promise<TagRow> {
      const row = await db.transaction().execute(async (trx) => {
        const rows = await ordered(trx, userId);
        const index = rows.findIndex((r) => r.tag === tag);
        const current = rows[index];
        if (!current) throw new AppError('tag_not_found');
        const rename = changes.tag !== undefined && changes.tag !== current.tag ? changes.tag : null;
        const describe =
          changes.description !== undefined && (changes.description ?? null) !== current.description;
        const target = changes.position !== undefined ? Math.min(changes.position, rows.length - 1) : index;
        if (!rename && !describe && target === index) return current;
        if (rename && current.tag === SAVED_TAG) throw new AppError('tag_builtin');
        if (rename && rows.some((r) => r.tag === rename)) throw new AppError('tag_exists');

        const next = {
          tag: rename ?? current.tag,
          description: describe ? (changes.description ?? null) : current.description,
          updated_at: rename || describe ? Date.now() : current.updated_at,
        };
        if (rename || describe) {
          await trx
            .updateTable('conversation_tags')
            .set(next)
            .where('user_id', '=', userId)
            .where('id', '=', current.id)
            .execute();
        }
        if (rename) {
          await rewriteConvoTags(trx, userId, current.tag, (tags) => [
            ...new Set(tags.map((t) => (t === current.tag ? rename : t))),
          ]);
        }
        if (target !== index) {
          rows.splice(index, 1);
          rows.splice(target, 0, current);
          await renumber(trx, userId, rows);
        }
        return { ...current, ...next };
      });
      return countOf(userId, row);
    },

    /** Delete a tag: it leaves every conversation, and the positions after it close the gap. */
    async remove(userId: string, tag: string): Promise<TagRow> {
      const removed = await db.transaction().execute(async (trx) => {
        const rows = await ordered(trx, userId);
        const current = rows.find((r) => r.tag === tag);
        if (!current) throw new AppError('tag_not_found');
        if (current.tag === SAVED_TAG) throw new AppError('tag_builtin');
        await trx
          .deleteFrom('conversation_tags')
          .where('user_id', '=', userId)
          .where('id', '=', current.id)
          .execute();
        await rewriteConvoTags(trx, userId, tag, (tags) => tags.filter((t) => t !== tag));
        await renumber(
          trx,
          userId,
          rows.filter((r) => r.id !== current.id),
        );
        return current;
      });
      return { ...removed, count: 0 };
    },

    /**
     * Set a conversation's tags (LibreChat PUT /api/tags/convo/:id). Names without a bookmark yet
     * become bookmarks at the end, as LibreChat's upsert does. Returns the saved list.
     */
    async setConversationTags(userId: string, conversationId: string, tags: string[]): Promise<string[]> {
      const unique = [...new Set(tags)];
      return db.transaction().execute(async (trx) => {
        const convo = await trx
          .selectFrom('conversations')
          .select('conversation_id')
          .where('user_id', '=', userId)
          .where('conversation_id', '=', conversationId)
          .executeTakeFirst();
        if (!convo) throw new AppError('conversation_not_found');
        const rows = await ordered(trx, userId);
        const known = new Set(rows.map((r) => r.tag));
        let position = rows.length;
        for (const tag of unique) {
          if (known.has(tag)) continue;
          // A concurrent request may have created it a moment ago: that row is just as good.
          await trx
            .insertInto('conversation_tags')
            .values(newRow(userId, tag, position++))
            .onConflict((oc) => oc.columns(['user_id', 'tag']).doNothing())
            .execute();
        }
        await trx
          .updateTable('conversations')
          .set({ tags: JSON.stringify(unique) })
          .where('user_id', '=', userId)
          .where('conversation_id', '=', conversationId)
          .execute();
        return unique;
      });
    },
  };
}
export type TagsRepo = ReturnType<typeof tagsRepo>;
