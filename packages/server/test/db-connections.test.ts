import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, signUp, startTestApp, type TestApp } from './helpers.ts';

// PostgreSQL only: SQLite has no server to drop connections.
describe.runIf(Boolean(process.env.TEST_POSTGRES_URL))('database connections (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres');
  });
  afterAll(async () => t?.close());

  it('survives the server ending its idle connections, and the next request works', async () => {
    const s = await signUp(t);
    expect((await fetch(`${t.base}/api/user`, { headers: authed(s) })).status).toBe(200);
    const name = new URL(t.app.ctx.config.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect((await fetch(`${t.base}/api/user`, { headers: authed(s) })).status).toBe(200);
  });
});
