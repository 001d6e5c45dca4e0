import { randomUUID } from 'node:crypto';
import { type CompiledQuery, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { encodeCursor } from '../src/db/keyset.ts';
import { type FileListOptions, fileListQuery } from '../src/db/repos/files.ts';
import { newFileRow } from '../src/db/rows.ts';
import { makeUser } from './factories.ts';
import { describeApp, type TestDialect } from './helpers.ts';

/**
 * A page of GET /api/files reads the migration-020 index in the page's order, sought from its
 * cursor, never all of the user's files (the style of query-plans.test.ts: plans, not times).
 * SHOW_PLANS=1 prints each plan.
 */

const FILES = 12000;
const OTHER_USERS = 9;
const FIRST = 1_700_000_000_000;
const HALF_WAY = FIRST + (FILES / 2) * 1000;

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PgNode[];
}

async function planOf(db: Db, dialect: TestDialect, q: CompiledQuery): Promise<string> {
  if (dialect === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>({ ...q, sql: `EXPLAIN QUERY PLAN ${q.sql}` });
    return rows.map((r) => r.detail).join('\n');
  }
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: PgNode }] }>({
    ...q,
    sql: `EXPLAIN (FORMAT JSON) ${q.sql}`,
  });
  const lines: string[] = [];
  const walk = (n: PgNode) => {
    lines.push(
      `${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}${n['Index Cond'] ? ` [${n['Index Cond']}]` : ''}`,
    );
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(rows[0]['QUERY PLAN'][0].Plan);
  return lines.join('\n');
}

describeApp('files: list query plans', (t, dialect) => {
  let db: Db;
  let userId: string;
  const page = (opts: Partial<FileListOptions>) =>
    fileListQuery(db, userId, { limit: 25, sortBy: 'createdAt', sortDirection: 'desc', ...opts }).compile();

  /** The plan reads `index` in order (no sort of what matched) and never scans the table. */
  async function expectIndexed(q: CompiledQuery, index: string, seek?: RegExp, ordered = true) {
    const plan = await planOf(db, dialect, q);
    if (process.env.SHOW_PLANS) console.log(`--- ${dialect} ${index}\n${plan}`);
    if (dialect === 'sqlite') {
      expect(plan, plan).toMatch(new RegExp(`USING (COVERING )?INDEX ${index}\\b`));
      expect(plan, plan).not.toMatch(/^SCAN files\b/m);
      if (ordered) expect(plan, plan).not.toContain('USE TEMP B-TREE FOR ORDER BY');
    } else {
      expect(plan, plan).toMatch(new RegExp(`using ${index}\\b`));
      expect(plan, plan).not.toMatch(/Seq Scan on files\b/);
      if (ordered) expect(plan, plan).not.toMatch(/^(Incremental )?Sort\b/m);
    }
    if (seek) expect(plan, plan).toMatch(seek);
  }

  beforeAll(async () => {
    db = t.app.ctx.db;
    userId = (await makeUser(t)).userId;
    const others = await Promise.all(Array.from({ length: OTHER_USERS }, () => makeUser(t)));
    const rows = Array.from({ length: FILES }, (_, i) => {
      const id = randomUUID();
      const owner = i % 10 === 0 ? userId : others[i % OTHER_USERS].userId;
      return newFileRow({
        fileId: id,
        userId: owner,
        filename: `File ${i}.txt`,
        storageKey: `${owner}/${id}`,
        type: 'text/plain',
        bytes: 10,
        createdAt: FIRST + i * 1000,
      });
    });
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto('files')
          .values(rows.slice(i, i + 500))
          .execute();
    });
    if (dialect === 'postgres') await sql`ANALYZE`.execute(db);
  }, 60_000);

  it('by date, newest or oldest first, and a later page sought from its cursor', async () => {
    await expectIndexed(page({}), 'files_by_created');
    await expectIndexed(page({ sortDirection: 'asc' }), 'files_by_created');
    await expectIndexed(
      page({ cursor: encodeCursor([HALF_WAY, 'z']) }),
      'files_by_created',
      dialect === 'sqlite' ? /user_id=\? AND created_at<\?/ : /created_at <=/,
    );
  });

  it('by name either way, and a later page sought from its cursor', async () => {
    await expectIndexed(page({ sortBy: 'filename', sortDirection: 'asc' }), 'files_by_name');
    await expectIndexed(page({ sortBy: 'filename', sortDirection: 'desc' }), 'files_by_name');
    await expectIndexed(
      page({ sortBy: 'filename', sortDirection: 'asc', cursor: encodeCursor(['file 5', 'z']) }),
      'files_by_name',
      dialect === 'sqlite' ? /user_id=\? AND <expr>>\?/ : /lower\(filename\) >=/,
    );
  });

  it('a name filter reads only the user’s rows (a substring has no index), never other users’', async () => {
    // Which of the user's indexes is read depends on the sort; either is the user's rows only.
    for (const sortBy of ['createdAt', 'filename'] as const) {
      await expectIndexed(
        page({ sortBy, search: 'no such name' }),
        'files_by_(created|name)',
        undefined,
        false,
      );
    }
  });
});
