import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/index.ts';
import { freshPostgresUrl } from './helpers.ts';

// PostgreSQL only: SQLite has no server to drop connections.
describe.runIf(Boolean(process.env.TEST_POSTGRES_URL))('database connections (postgres)', () => {
  it('survives the server ending its idle connections, and the next query works', async () => {
    const { url, drop } = await freshPostgresUrl();
    const lost: Error[] = [];
    // What buildApp opens, with the hook it logs from.
    const handle = await openDatabase({
      databaseUrl: url,
      sqlitePath: '',
      onIdleError: (err) => lost.push(err),
    });
    try {
      expect(await handle.db.selectFrom('users').select('id').execute()).toEqual([]);
      const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
      await admin.connect();
      let ended = 0;
      try {
        const { rowCount } = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [new URL(url).pathname.slice(1)],
        );
        ended = rowCount ?? 0;
      } finally {
        await admin.end();
      }
      expect(ended).toBeGreaterThan(0);
      // The pool hears of every ended connection (and drops it) instead of the process crashing.
      await vi.waitFor(() => expect(lost.length).toBeGreaterThanOrEqual(ended), { timeout: 10_000 });
      expect(await handle.db.selectFrom('users').select('id').execute()).toEqual([]);
    } finally {
      await handle.close();
      await drop();
    }
  });
});
