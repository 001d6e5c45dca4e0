import { fakeEmbedding } from '@parley/fake-provider';
import { type RawBuilder, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { Chunk } from '../src/files/extract/chunk.ts';
import { scopedMatch } from '../src/files/rag/fts-terms.ts';
import {
  appBitsSql,
  appCandidatesSql,
  ftsSql,
  queryTerms,
  RESCORE_CANDIDATES,
  vectorSql,
} from '../src/files/rag/retrieve.ts';
import { writeFileIndex } from '../src/files/rag/store.ts';
import { vectorStore } from '../src/files/rag/vectors.ts';
import { makeFile, makeUser } from './factories.ts';
import { describeApp, type TestApp } from './helpers.ts';

/**
 * The guard for file search at scale: a query reads the chunks of the files it names, not all of
 * the user's (a heavy user has thousands of files). Plans and row counts, not wall-clock times.
 */
const FILES = 40;
const CHUNKS = 50;
const DIMS = 64;
const QUERY = 'quarterly revenue report for the storage server';

const chunkText = (f: number, c: number) =>
  `Section ${c} of file ${f}: the quarterly revenue report covers storage, server and client costs.`;

async function seedUser(t: TestApp, dialect: 'sqlite' | 'postgres', userId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let f = 0; f < FILES; f++) {
    const { file_id: fileId } = await makeFile(t, {
      userId,
      filename: `f${f}.pdf`,
      toolResource: 'file_search',
      status: 'pending',
    });
    ids.push(fileId);
    const chunks: Chunk[] = Array.from({ length: CHUNKS }, (_, c) => ({
      ordinal: c,
      offset: c * 100,
      page: 1,
      heading: null,
      text: chunkText(f, c),
      tokens: 20,
    }));
    await writeFileIndex(t.app.ctx.db, dialect, {
      userId,
      fileId,
      text: chunks.map((c) => c.text).join('\n'),
      chunks,
      vectors: chunks.map((c) => fakeEmbedding(c.text, DIMS)),
      embeddingModel: 'm',
      tokens: CHUNKS * 20,
      now: Date.now(),
    });
  }
  return ids;
}

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

/** Rows PostgreSQL read from file_chunks: rows out of its scans plus rows their filters dropped. */
function chunkRowsRead(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'file_chunks'
      ? Number(node['Actual Rows'] ?? 0) * Number(node['Actual Loops'] ?? 1) +
        Number(node['Rows Removed by Filter'] ?? 0) +
        Number(node['Rows Removed by Index Recheck'] ?? 0)
      : 0;
  return own + (node.Plans ?? []).reduce((n, p) => n + chunkRowsRead(p), 0);
}

describeApp('file search reads only the named files', (t, dialect) => {
  let userId: string;
  let files: string[];
  beforeAll(async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    userId = a.userId;
    files = await seedUser(t, dialect, userId);
    await seedUser(t, dialect, b.userId);
    if (dialect === 'postgres') await sql`ANALYZE file_chunks`.execute(t.app.ctx.db);
  }, 120_000);

  const q = fakeEmbedding(QUERY, DIMS);
  const scope = () => files.slice(0, 2);

  if (dialect === 'sqlite') {
    const plan = async (query: RawBuilder<unknown>) =>
      (await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${query}`.execute(t.app.ctx.db)).rows.map(
        (r) => r.detail,
      );

    it("chooses candidates from the named files' sign bits in a covering index, then scores only those", async () => {
      const details = (await plan(vectorSql('sqlite-vec', userId, scope(), q))).join('\n');
      // Choosing reads the index alone (no 6 KB vectors), and only the named files' entries.
      expect(details).toMatch(
        /SEARCH file_chunks USING COVERING INDEX file_chunks_bits \(user_id=\? AND file_id=\?/,
      );
      // Scoring reads the candidates' rows by id.
      expect(details).toMatch(/SEARCH file_chunks USING INTEGER PRIMARY KEY \(rowid=\?\)/);
      expect(details).not.toMatch(/SCAN file_chunks/);
    });

    it("matches full text within the named files' rows", async () => {
      const details = await plan(ftsSql('sqlite', userId, scope(), queryTerms(QUERY)));
      expect(details.join('\n')).toMatch(/SCAN f VIRTUAL TABLE/);
      expect(details.join('\n')).toMatch(/SEARCH c USING INTEGER PRIMARY KEY/);
      // The MATCH itself keeps to the named files (their words are prefixed with the file's key).
      const { rows } = await sql<{ n: number }>`
        SELECT count(*) AS n FROM file_chunks_fts WHERE file_chunks_fts MATCH ${scopedMatch(scope(), queryTerms(QUERY))}`.execute(
        t.app.ctx.db,
      );
      expect(Number(rows[0].n)).toBe(scope().length * CHUNKS);
    });
  } else {
    const rowsRead = async (query: RawBuilder<unknown>) => {
      const { rows } = await sql<{
        'QUERY PLAN': [{ Plan: PlanNode }];
      }>`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`.execute(t.app.ctx.db);
      return chunkRowsRead(rows[0]['QUERY PLAN'][0].Plan);
    };

    it("reads only the named files' sign bits, then only the candidates' vectors (no pgvector here)", async () => {
      expect(await vectorStore(t.app.ctx.db, 'postgres')).toBe('app');
      expect(await rowsRead(appBitsSql(userId, scope()))).toBeLessThanOrEqual(scope().length * CHUNKS);
      const { rows } = await appBitsSql(userId, scope()).execute(t.app.ctx.db);
      const candidates = rows.slice(0, RESCORE_CANDIDATES).map((r) => Number(r.id));
      expect(await rowsRead(appCandidatesSql(userId, candidates))).toBeLessThanOrEqual(candidates.length);
    });

    it("matches full text within the named files' rows", async () => {
      expect(await rowsRead(ftsSql('postgres', userId, scope(), queryTerms(QUERY)))).toBeLessThanOrEqual(
        scope().length * CHUNKS,
      );
    });
  }
});
