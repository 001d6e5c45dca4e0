import type { FileListQuery } from '@parley/schema';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../index.ts';
import { decodeCursor, pageOf, pastCursor } from '../keyset.ts';
import type { FilesTable } from '../schema.ts';

/** Where a page ended: the sort key (a time, or a lower-cased name) and the id tie-breaker. */
const FileCursor = z.tuple([z.union([z.number(), z.string()]), z.string()]);

export type FileListOptions = Pick<FileListQuery, 'limit' | 'cursor' | 'search' | 'sortBy' | 'sortDirection'>;

/**
 * Keyset page of the user's files in files_by_created or files_by_name order (migration 020), no
 * OFFSET, `limit + 1` rows. Names sort without regard to case, the same on both dialects. Its own
 * function so the query-plan test reads the plan of exactly this query.
 */
export function fileListQuery(db: Db, userId: string, opts: FileListOptions) {
  const byName = opts.sortBy === 'filename';
  const key = byName
    ? sql<string | number>`lower(${sql.ref('filename')})`
    : sql<string | number>`${sql.ref('created_at')}`;
  const dir = opts.sortDirection;
  let q = db.selectFrom('files').selectAll().select(key.as('sort_key')).where('user_id', '=', userId);
  const search = opts.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where(sql<boolean>`lower(${sql.ref('filename')}) like ${pattern} escape '\\'`);
  }
  const cursor = decodeCursor(opts.cursor, FileCursor);
  // A cursor made for the other sort starts from the first page.
  if (cursor && typeof cursor[0] === (byName ? 'string' : 'number')) {
    q = q.where(pastCursor(key, sql.ref('file_id'), dir, cursor));
  }
  return q
    .orderBy(key, dir)
    .orderBy('file_id', dir)
    .limit(opts.limit + 1);
}

/** Every method is scoped to the user: a file id alone reads nothing (DESIGN §9). */
export function filesRepo(db: Db) {
  return {
    async list(
      userId: string,
      opts: FileListOptions,
    ): Promise<{ rows: FilesTable[]; nextCursor: string | null }> {
      const rows = await fileListQuery(db, userId, opts).execute();
      const page = pageOf(rows, opts.limit, (r) => [r.sort_key, r.file_id]);
      return { rows: page.rows.map(({ sort_key: _key, ...row }) => row), nextCursor: page.nextCursor };
    },

    async get(userId: string, fileId: string): Promise<FilesTable | undefined> {
      return db
        .selectFrom('files')
        .selectAll()
        .where('user_id', '=', userId)
        .where('file_id', '=', fileId)
        .executeTakeFirst();
    },

    /** The user's files among `fileIds` (others' ids and unknown ids are left out), in no set order. */
    async getOwned(userId: string, fileIds: readonly string[]): Promise<FilesTable[]> {
      if (fileIds.length === 0) return [];
      return db
        .selectFrom('files')
        .selectAll()
        .where('user_id', '=', userId)
        .where('file_id', 'in', [...new Set(fileIds)])
        .execute();
    },

    /**
     * Bytes the user's files take. Reads the user's rows through files_by_created: bounded by their
     * file count (thousands at most under the quota), not by the table.
     */
    async usedBytes(userId: string): Promise<number> {
      const row = await db
        .selectFrom('files')
        .select((eb) => eb.fn.sum<number | string | null>('bytes').as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    async insert(row: FilesTable): Promise<void> {
      await db.insertInto('files').values(row).execute();
    },

    /** Delete the user's files among `fileIds`; answers the deleted rows (their storage keys). */
    async removeOwned(
      userId: string,
      fileIds: readonly string[],
    ): Promise<Pick<FilesTable, 'file_id' | 'storage_key'>[]> {
      if (fileIds.length === 0) return [];
      return db
        .deleteFrom('files')
        .where('user_id', '=', userId)
        .where('file_id', 'in', [...new Set(fileIds)])
        .returning(['file_id', 'storage_key'])
        .execute();
    },
  };
}
export type FilesRepo = ReturnType<typeof filesRepo>;
