/**
 * Files bench, retrieval: one user with 100,000 chunks (200 files × 500 chunks, 1536-dimension
 * vectors) and another user beside them; hybrid queries (vector + full text, RRF) scoped to a
 * conversation's files — 5 files, 2,500 chunks — drawn at random. The query vector comes from an
 * in-process hashed embedder: the provider's latency is not ours to measure. p50/p95 per database.
 * Target (issue 14): p95 ≤ 50 ms.
 *
 *   tsx bench/files/retrieve.ts [--files 200] [--queries 60]   (npm run bench:files calls benchRetrieve)
 */
import { fileURLToPath } from 'node:url';
import { fakeEmbedding } from '@parley/fake-provider';
import type { Chunk } from '../../packages/server/src/files/extract/chunk.ts';
import type { Embedder } from '../../packages/server/src/files/rag/embed.ts';
import { retrievePassages } from '../../packages/server/src/files/rag/retrieve.ts';
import { writeFileIndex } from '../../packages/server/src/files/rag/store.ts';
import { quantile } from '../ui/stats.ts';
import {
  type BenchDb,
  type BenchRow,
  benchDbNames,
  formatRows,
  makeBenchFile,
  makeBenchUser,
  openBenchDb,
} from './databases.ts';

export const TARGET_P95_MS = 50;
const CHUNKS_PER_FILE = 500;
const SCOPE_FILES = 5;
const DIMS = 1536;

const VOCABULARY = (
  'revenue budget storage server client vector search database embedded citation passage report quarter ' +
  'lighthouse aquarium zeppelin coral orbit rocket whale harbour invoice contract payroll audit policy ' +
  'migration latency throughput replica backup restore schema index token model prompt reply upload'
).split(' ');

/** Deterministic prose of ~60 words per chunk, a different mix per (file, chunk). */
function chunkBody(f: number, c: number): string {
  let x = (f * 1_000_003 + c * 7919) >>> 0;
  const words: string[] = [];
  for (let i = 0; i < 60; i++) {
    x = (Math.imul(x ^ (x >>> 13), 1274126177) + 1) >>> 0;
    words.push(VOCABULARY[x % VOCABULARY.length]);
  }
  return `${words.join(' ')}.`;
}

const hashEmbedder: Embedder = {
  id: 'bench-hash',
  embed: async (texts) => texts.map((t) => fakeEmbedding(t, DIMS)),
};

async function seed(db: BenchDb, userId: string, files: number): Promise<string[]> {
  const ids: string[] = [];
  for (let f = 0; f < files; f++) {
    const fileId = await makeBenchFile(db, userId, `doc-${f}.pdf`, 1);
    const chunks: Chunk[] = Array.from({ length: CHUNKS_PER_FILE }, (_, c) => ({
      ordinal: c,
      offset: c * 400,
      page: Math.floor(c / 2) + 1,
      heading: null,
      text: chunkBody(f, c),
      tokens: 70,
    }));
    await writeFileIndex(db.handle.db, db.handle.dialect, {
      userId,
      fileId,
      text: chunks.map((c) => c.text).join('\n\n'),
      chunks,
      vectors: await hashEmbedder.embed(chunks.map((c) => c.text)),
      embeddingModel: hashEmbedder.id,
      tokens: CHUNKS_PER_FILE * 70,
      now: Date.now(),
    });
    ids.push(fileId);
  }
  return ids;
}

export async function benchRetrieve(opts: { files?: number; queries?: number } = {}): Promise<BenchRow[]> {
  const files = opts.files ?? 200;
  const queries = opts.queries ?? 60;
  const rows: BenchRow[] = [];
  for (const name of benchDbNames()) {
    const db = await openBenchDb(name);
    try {
      const userId = await makeBenchUser(db);
      const other = await makeBenchUser(db);
      const seeding = performance.now();
      const ids = await seed(db, userId, files);
      await seed(db, other, Math.max(1, Math.floor(files / 10)));
      const seedMs = performance.now() - seeding;
      const times: number[] = [];
      let x = 12345;
      const next = () => {
        x = (Math.imul(x ^ (x >>> 15), 2246822507) + 1) >>> 0;
        return x;
      };
      for (let q = 0; q < queries + 5; q++) {
        const scope = Array.from({ length: SCOPE_FILES }, () => ids[next() % ids.length]);
        const query = `${VOCABULARY[next() % VOCABULARY.length]} ${VOCABULARY[next() % VOCABULARY.length]} and the ${VOCABULARY[next() % VOCABULARY.length]} figures`;
        const started = performance.now();
        const hits = await retrievePassages({
          db: db.handle.db,
          dialect: db.handle.dialect,
          userId,
          fileIds: scope,
          query,
          embedder: hashEmbedder,
        });
        // The first few warm caches and prepared statements.
        if (q >= 5) times.push(performance.now() - started);
        if (hits.length === 0) throw new Error(`no passages for "${query}"`);
      }
      const p95 = quantile(times, 0.95);
      const metric = `${(files * CHUNKS_PER_FILE).toLocaleString('en-US')} chunks, scope ${SCOPE_FILES} files`;
      rows.push(
        {
          bench: 'files.retrieve',
          database: name,
          metric: `${metric}: p50`,
          value: Number(quantile(times, 0.5).toFixed(1)),
          unit: 'ms',
          target: '—',
          met: true,
        },
        {
          bench: 'files.retrieve',
          database: name,
          metric: `${metric}: p95`,
          value: Number(p95.toFixed(1)),
          unit: 'ms',
          target: `≤ ${TARGET_P95_MS}`,
          met: p95 <= TARGET_P95_MS,
        },
        {
          bench: 'files.retrieve',
          database: name,
          metric: 'seeding (chunks + vectors + FTS)',
          value: Math.round(seedMs),
          unit: 'ms',
          target: '—',
          met: true,
        },
      );
    } finally {
      await db.dispose();
    }
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : undefined;
  };
  console.log(formatRows(await benchRetrieve({ files: arg('files'), queries: arg('queries') })));
}
