/**
 * Files bench, extraction: a 100-page PDF (made here: no PDF writer is a dependency) extracted in
 * an extraction thread, chunked, embedded through the fake provider's /embeddings over HTTP
 * (text-embedding-3-small, 1536 dimensions) and indexed, end to end through processFile.
 * Target (issue 14): ≤ 10 s on the 2-core machine.
 *
 *   tsx bench/files/extract.ts      (npm run bench:files calls benchExtract)
 */
import { fileURLToPath } from 'node:url';
import { startFakeProvider } from '@parley/fake-provider';
import { extractPool } from '../../packages/server/src/files/extract/pool.ts';
import { embedder } from '../../packages/server/src/files/rag/embed.ts';
import { processFile } from '../../packages/server/src/files/rag/process-file.ts';
import { makePdf, prosePage } from '../../packages/server/test/files-fixtures.ts';
import {
  type BenchRow,
  benchDbNames,
  formatRows,
  makeBenchFile,
  makeBenchUser,
  openBenchDb,
} from './databases.ts';

export const PAGES = 100;
export const TARGET_MS = 10_000;

export async function benchExtract(): Promise<BenchRow[]> {
  const pdf = makePdf(Array.from({ length: PAGES }, (_, i) => ({ lines: prosePage(i + 1, 45) })));
  const fake = await startFakeProvider();
  const pool = extractPool();
  const rows: BenchRow[] = [];
  try {
    const emb = embedder({
      kind: 'openai',
      model: 'text-embedding-3-small',
      apiKey: 'sk-bench',
      baseURL: fake.urls.openai,
    });
    // Warm the extraction thread and the embedder once (first-use start-up is not per file).
    await pool.extract(Buffer.from('warm'), 'text/plain');
    await emb.embed(['warm']);
    for (const name of benchDbNames()) {
      const db = await openBenchDb(name);
      try {
        const userId = await makeBenchUser(db);
        const fileId = await makeBenchFile(db, userId, 'hundred-pages.pdf', pdf.length);
        const started = performance.now();
        const result = await processFile({
          db: db.handle.db,
          dialect: db.handle.dialect,
          extractor: pool,
          embedder: emb,
          userId,
          fileId,
          bytes: pdf,
          mimeType: 'application/pdf',
          toolResource: 'file_search',
        });
        const ms = Math.round(performance.now() - started);
        if (result.status !== 'ready' || !result.embedded)
          throw new Error(`processing failed: ${result.error}`);
        const chunks = await db.handle.db
          .selectFrom('file_chunks')
          .select((e) => e.fn.countAll().as('n'))
          .where('file_id', '=', fileId)
          .executeTakeFirstOrThrow();
        rows.push({
          bench: 'files.extract',
          database: name,
          metric: `${PAGES}-page PDF → ${chunks.n} chunks indexed`,
          value: ms,
          unit: 'ms',
          target: `≤ ${TARGET_MS}`,
          met: ms <= TARGET_MS,
        });
      } finally {
        await db.dispose();
      }
    }
  } finally {
    await pool.close();
    await fake.close();
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(formatRows(await benchExtract()));
}
