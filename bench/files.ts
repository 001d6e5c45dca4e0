/**
 * Files benchmark (issue 14 point 8), in one run: a 500 MB upload over HTTP to the real server
 * process against raw synced disk writes and a bare Node HTTP server (throughput ≥ 80 % of raw,
 * RSS growth ≤ 32 MB), a 100-page PDF extracted, chunked, embedded (fake embeddings) and indexed
 * (≤ 10 s), and hybrid retrieval over 100,000 chunks of one user (p95 ≤ 50 ms), on SQLite and, when
 * TEST_POSTGRES_URL is set, PostgreSQL.
 *
 *   npm run bench:files [-- --only upload|extract|retrieve]
 */
import { parseArgs } from 'node:util';
import { type BenchRow, formatRows } from './files/databases.ts';
import { benchExtract } from './files/extract.ts';
import { benchRetrieve } from './files/retrieve.ts';
import { benchUpload } from './files/upload.ts';
import { printTable, type Row } from './ui/stats.ts';

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const wants = (part: string) => !values.only || values.only === part;

let missed = 0;
if (wants('upload')) {
  const rows: Row[] = await benchUpload();
  printTable('Files: upload (500 MB, real server process)', rows);
  missed += rows.filter((r) => r.pass === false).length;
}
const rag: BenchRow[] = [];
if (wants('extract')) rag.push(...(await benchExtract()));
if (wants('retrieve')) rag.push(...(await benchRetrieve()));
if (rag.length > 0) {
  console.log('\n### Files: extraction and retrieval\n');
  console.log(formatRows(rag));
  missed += rag.filter((r) => !r.met).length;
}
console.log(`\nfiles bench: ${missed === 0 ? 'every target met' : `${missed} target(s) missed`}`);
process.exitCode = missed === 0 ? 0 : 1;
