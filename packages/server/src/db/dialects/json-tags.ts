import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

/**
 * Dialect SQL over `conversations.tags`, a JSON array of tag names kept as text (DESIGN §6: dialect
 * SQL lives here). SQLite reads it with json_each, PostgreSQL with jsonb_array_elements_text.
 */
export type JsonDialect = 'sqlite' | 'postgres';

export function dialectOf(db: { getExecutor(): { readonly adapter: unknown } }): JsonDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * True when the conversation row's tag list contains any of `tags` (non-empty). It says `<> '[]'`
 * first, which such a row always is: that lets the engine read only tagged rows, through the
 * partial index conversations_tagged (migration 018), rather than every conversation of the user.
 */
export function hasAnyTag(dialect: JsonDialect, column: string, tags: string[]): RawBuilder<boolean> {
  const ref = sql.ref(column);
  const values = sql.join(tags.map((t) => sql`${t}`));
  return dialect === 'postgres'
    ? sql<boolean>`${ref} <> '[]' and exists (select 1 from jsonb_array_elements_text(${ref}::jsonb) as jt(v) where jt.v in (${values}))`
    : sql<boolean>`${ref} <> '[]' and exists (select 1 from json_each(${ref}) as jt where jt.value in (${values}))`;
}

/**
 * Tag counts of the user's live conversations, in one scan of their tagged rows. Its own function
 * so the query-plan test reads the plan of exactly this query.
 */
export function tagCountsQuery(
  dialect: JsonDialect,
  userId: string,
): RawBuilder<{ tag: string; n: number | string }> {
  return dialect === 'postgres'
    ? sql<{ tag: string; n: number | string }>`select jt.v as tag, count(*) as n
        from conversations c cross join lateral jsonb_array_elements_text(c.tags::jsonb) as jt(v)
        where c.user_id = ${userId} and c.expired_at is null and c.tags <> '[]'
        group by jt.v`
    : sql<{ tag: string; n: number | string }>`select jt.value as tag, count(*) as n
        from conversations c, json_each(c.tags) as jt
        where c.user_id = ${userId} and c.expired_at is null and c.tags <> '[]'
        group by jt.value`;
}

/** How many of the user's live conversations carry each tag. */
export async function countTags<T>(db: Kysely<T>, userId: string): Promise<Map<string, number>> {
  const { rows } = await tagCountsQuery(dialectOf(db), userId).execute(db);
  return new Map(rows.map((r) => [r.tag, Number(r.n)]));
}
