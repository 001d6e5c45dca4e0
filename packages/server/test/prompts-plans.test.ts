import { randomUUID } from 'node:crypto';
import { type CompiledQuery, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { encodeCursor } from '../src/db/keyset.ts';
import { promptListQuery } from '../src/db/repos/prompts.ts';
import type { PromptGroupSharesTable, PromptGroupsTable, PromptsTable } from '../src/db/schema.ts';
import {
  pgPromptIndexSql,
  pgPromptWalkSql,
  sqlitePromptSearchSql,
  writePromptSearch,
} from '../src/search/prompts.ts';
import { makeUser } from './factories.ts';
import { describeApp, type TestDialect } from './helpers.ts';

/**
 * The prompt library's list and search read what a page needs at scale (issue 18): their plans on
 * SQLite (EXPLAIN QUERY PLAN, as the app runs) and PostgreSQL (EXPLAIN after ANALYZE), over a user
 * with thousands of groups beside other users' (some shared with everyone, some with the user).
 * Plans, not times; the times are bench/prompts.ts's. SHOW_PLANS=1 prints each plan.
 */
/** Half of them the user's. */
const GROUPS = 8000;
const FIRST = 1_700_000_000_000;
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];

async function planOf(db: Db, dialect: TestDialect, q: CompiledQuery): Promise<string> {
  if (dialect === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>({ ...q, sql: `EXPLAIN QUERY PLAN ${q.sql}` });
    return rows.map((r) => r.detail).join('\n');
  }
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>({ ...q, sql: `EXPLAIN ${q.sql}` });
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

describeApp('prompt library plans', (t, dialect) => {
  let db: Db;
  let userId: string;
  const plan = async (q: CompiledQuery, label: string) => {
    const text = await planOf(db, dialect, q);
    if (process.env.SHOW_PLANS) console.log(`--- ${dialect} ${label}\n${text}`);
    return text;
  };
  const noScanOfGroups = (text: string) => {
    if (dialect === 'sqlite') expect(text, text).not.toMatch(/^SCAN (g|s|prompt_groups)\b(?! VIRTUAL)/m);
    else expect(text, text).not.toMatch(/Seq Scan on prompt_group|Bitmap Heap Scan on prompt_groups/);
  };

  beforeAll(async () => {
    db = t.app.ctx.db;
    userId = (await makeUser(t)).userId;
    const other = (await makeUser(t)).userId;
    // Another user, given most of the other's groups: the user's shares are a few among many.
    const third = (await makeUser(t)).userId;
    const groups: PromptGroupsTable[] = [];
    const prompts: PromptsTable[] = [];
    const shares: PromptGroupSharesTable[] = [];
    for (let i = 0; i < GROUPS; i++) {
      const mine = i % 2 === 0;
      const id = randomUUID();
      const promptId = randomUUID();
      const at = FIRST + i * 1000;
      groups.push({
        id,
        author_id: mine ? userId : other,
        name: `${WORDS[i % WORDS.length]} ${i}`,
        oneliner: WORDS[(i * 3) % WORDS.length],
        category: i % 9 === 0 ? 'code' : 'misc',
        command: '',
        production_id: promptId,
        number_of_generations: 0,
        is_public: !mine && i % 40 === 1 ? 1 : 0,
        created_at: at,
        updated_at: at,
      });
      prompts.push({
        id: promptId,
        group_id: id,
        author_id: mine ? userId : other,
        prompt: `${WORDS[(i * 5) % WORDS.length]} text ${i}`,
        type: 'text',
        created_at: at,
        updated_at: at,
      });
      if (!mine && i % 40 !== 3)
        shares.push({
          group_id: id,
          user_id: third,
          updated_at: at,
          category: groups[i].category,
          is_public: 0,
          created_at: at,
        });
      if (!mine && i % 40 === 3)
        shares.push({
          group_id: id,
          user_id: userId,
          updated_at: at,
          category: groups[i].category,
          is_public: 0,
          created_at: at,
        });
    }
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < groups.length; i += 500) {
        await trx
          .insertInto('prompt_groups')
          .values(groups.slice(i, i + 500))
          .execute();
        await trx
          .insertInto('prompts')
          .values(prompts.slice(i, i + 500))
          .execute();
      }
      for (let i = 0; i < shares.length; i += 500)
        await trx
          .insertInto('prompt_group_shares')
          .values(shares.slice(i, i + 500))
          .execute();
      for (const g of groups) await writePromptSearch(trx, dialect, g.id);
    });
    if (dialect === 'postgres') await sql`ANALYZE`.execute(db);
  }, 600_000);

  describe('list (three branches, each bounded by the page)', () => {
    it('reads own groups by author, public ones by the public index, shared ones by the user’s shares', async () => {
      const cursor = encodeCursor([FIRST + GROUPS * 500, 'zzzz']);
      for (const opts of [{}, { cursor }]) {
        const text = await plan(promptListQuery(db, userId, { limit: 10, ...opts }).compile(), 'list');
        expect(text).toMatch(/prompt_groups_by_author\b/);
        expect(text).toMatch(/prompt_groups_public\b/);
        expect(text).toMatch(/prompt_group_shares_by_user\b/);
        noScanOfGroups(text);
      }
    });

    it('a category reads the category indexes', async () => {
      const text = await plan(
        promptListQuery(db, userId, { limit: 10, category: 'code' }).compile(),
        'category',
      );
      expect(text).toMatch(/prompt_groups_by_author_category\b/);
      expect(text).toMatch(/prompt_groups_public_category\b/);
      noScanOfGroups(text);
    });
  });

  it('the page count reads each branch from its index', async () => {
    const n = sql<number>`count(*)`.as('n');
    const counts = [
      // Half of this table is the user's: PostgreSQL rightly reads it whole to count them.
      ...(dialect === 'sqlite'
        ? [db.selectFrom('prompt_groups').select(n).where('author_id', '=', userId).compile()]
        : []),
      db
        .selectFrom('prompt_groups')
        .select(n)
        .where('is_public', '=', 1)
        .where('author_id', '!=', userId)
        .compile(),
      db
        .selectFrom('prompt_group_shares')
        .select(n)
        .where('user_id', '=', userId)
        .where('is_public', '=', 0)
        .compile(),
    ];
    for (const q of counts) {
      const text = await plan(q, 'count');
      expect(text).toMatch(/prompt_groups_by_author|prompt_groups_public|prompt_group_shares_by_user/);
      // A count reads every row of its branch; only never anyone else's.
      expect(text, text).not.toMatch(/^SCAN |Seq Scan/m);
    }
  });

  describe('search', () => {
    it('SQLite: one FTS5 walk in index order, the page’s groups by key', async () => {
      if (dialect !== 'sqlite') return;
      const text = await plan(
        sqlitePromptSearchSql({ userId, terms: ['alpha'], limit: 10 }).compile(db),
        'sqlite search',
      );
      expect(text).toMatch(/SCAN f VIRTUAL TABLE INDEX/);
      expect(text).toMatch(/SEARCH k USING INTEGER PRIMARY KEY/);
      expect(text).toMatch(/SEARCH g USING INDEX sqlite_autoindex_prompt_groups_1/);
      expect(text).not.toContain('USE TEMP B-TREE FOR ORDER BY');
    });

    it('PostgreSQL: the walk reads the list’s indexes; the rest comes from the GIN index', async () => {
      if (dialect !== 'postgres') return;
      const walk = await plan(
        pgPromptWalkSql(db, { userId, terms: ['alpha'], limit: 10 }).compile(db),
        'pg walk',
      );
      expect(walk).toMatch(/prompt_groups_by_author\b/);
      expect(walk).toMatch(/prompt_group_search_pkey/);
      noScanOfGroups(walk);
      const index = await plan(
        pgPromptIndexSql({ userId, terms: ['alpha'], limit: 10 }, [FIRST + 100_000, 'x'], 11).compile(db),
        'pg index',
      );
      expect(index).toMatch(/Bitmap Index Scan on prompt_group_search_vector/);
      noScanOfGroups(index);
    });
  });
});
