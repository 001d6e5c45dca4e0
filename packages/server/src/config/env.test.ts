import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('loadEnv secrets', () => {
  it('refuses to start in production without the secrets, naming them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-env-'));
    expect(() =>
      loadEnv({ NODE_ENV: 'production', DATA_DIR: dir, JWT_SECRET: 'a', JWT_REFRESH_SECRET: 'b' }, dir),
    ).toThrow(/CREDS_KEY/);
  });

  it('generates development secrets once and keeps them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-env-'));
    const first = loadEnv({ DATA_DIR: dir }, dir);
    const second = loadEnv({ DATA_DIR: dir }, dir);
    expect(first.credsKey).toMatch(/^[0-9a-f]{64}$/);
    expect(second.credsKey).toBe(first.credsKey);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).CREDS_KEY).toBe(first.credsKey);
  });
});
