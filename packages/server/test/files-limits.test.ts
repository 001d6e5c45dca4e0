import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type FileConfig, type FileUploadResult, paths } from '@parley/schema';
import { expect, it } from 'vitest';
import { makeUser } from './factories.ts';
import { bearer, upload } from './files-upload.ts';
import { describeApp, type TestApp } from './helpers.ts';

/** librechat.yaml fileConfig (unchanged LibreChat keys and units) and the storage quota, through the API. */

const YAML = `
fileConfig:
  endpoints:
    default:
      fileSizeLimit: 2
    openAI:
      fileLimit: 3
      fileSizeLimit: 0.5
      supportedMimeTypes: ["^text/plain$", "^image/.*$"]
    anthropic:
      disabled: true
  serverFileSizeLimit: 3
  fileTokenLimit: 4000
  clientImageResize: { enabled: true, maxWidth: 1024 }
`;

const KB = 1024;
const MB = 1024 * KB;
const text = (bytes: number) => 'a'.repeat(bytes);
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;
const storedFiles = (t: TestApp, userId: string) => {
  try {
    return readdirSync(path.join(t.app.ctx.config.dataDir, 'files', userId));
  } catch {
    return [];
  }
};

describeApp(
  'files: fileConfig limits per endpoint',
  { yaml: YAML, env: { FILE_STORAGE_QUOTA_MB: '4' } },
  (t) => {
    it('serves the merged config in bytes: endpoint keys over default over built-ins', async () => {
      const a = await makeUser(t);
      const c = (await (
        await fetch(`${t.base}${paths.fileConfig}`, { headers: bearer(a) })
      ).json()) as FileConfig;
      expect(c.endpoints.default).toMatchObject({
        fileLimit: 10,
        fileSizeLimit: 2 * MB,
        totalSizeLimit: 512 * MB,
      });
      expect(c.endpoints.openAI).toMatchObject({
        fileLimit: 3,
        fileSizeLimit: 0.5 * MB,
        totalSizeLimit: 512 * MB,
        supportedMimeTypes: ['^text/plain$', '^image/.*$'],
      });
      expect(c.endpoints.anthropic).toMatchObject({ disabled: true, fileSizeLimit: 2 * MB });
      expect(c).toMatchObject({
        serverFileSizeLimit: 3 * MB,
        fileTokenLimit: 4000,
        clientImageResize: { enabled: true, maxWidth: 1024, maxHeight: 1900, quality: 0.92 },
        quotaBytes: 4 * MB,
        usedBytes: 0,
      });
      expect(c.avatarSizeLimit).toBe(2 * MB);
    });

    it('refuses a file at the endpoint’s limit, whether the endpoint comes before or after the file', async () => {
      const a = await makeUser(t);
      for (const fieldsAfter of [false, true]) {
        const at = await upload(t, a, 'big.txt', text(0.5 * MB), {
          fields: { endpoint: 'openAI' },
          fieldsAfter,
        });
        expect(at.status).toBe(413);
        expect(await errorOf(at)).toEqual({ code: 'files_too_large', message: 'File size exceeds 0.5 MB.' });
      }
      const under = await upload(t, a, 'ok.txt', text(0.5 * MB - 1), { fields: { endpoint: 'openAI' } });
      expect(under.status).toBe(200);
      // Another endpoint falls back to default's 2 MB.
      const other = await upload(t, a, 'ok.txt', text(MB), { fields: { endpoint: 'google' } });
      expect(other.status).toBe(200);
      const over = await upload(t, a, 'big.txt', text(2 * MB), { fields: { endpoint: 'google' } });
      expect((await errorOf(over)).message).toBe('File size exceeds 2 MB.');
      expect(storedFiles(t, a.userId)).toHaveLength(2);
    });

    it('checks the type against the endpoint’s supportedMimeTypes', async () => {
      const a = await makeUser(t);
      const json = await upload(t, a, 'data.json', '{"a":1}', { fields: { endpoint: 'openAI' } });
      expect(json.status).toBe(415);
      expect(await errorOf(json)).toEqual({
        code: 'files_unsupported_type',
        message: 'Currently, unsupported file type: application/json',
      });
      const elsewhere = await upload(t, a, 'data.json', '{"a":1}', { fields: { endpoint: 'google' } });
      expect(elsewhere.status).toBe(200);
    });

    it('refuses uploads for a disabled endpoint', async () => {
      const a = await makeUser(t);
      const res = await upload(t, a, 'x.txt', 'x', { fields: { endpoint: 'anthropic' } });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).code).toBe('files_disabled');
    });

    it('stops a file over serverFileSizeLimit while it streams, whatever the endpoint allows', async () => {
      const a = await makeUser(t);
      // No endpoint field: only the server's limit and the quota apply while streaming.
      const res = await upload(t, a, 'huge.txt', text(3 * MB + 1));
      expect(res.status).toBe(413);
      expect((await errorOf(res)).message).toBe('File size exceeds 3 MB.');
      expect(storedFiles(t, a.userId)).toEqual([]);
    });

    it('enforces the per-user quota and reports usage', async () => {
      const a = await makeUser(t);
      const b = await makeUser(t);
      for (let i = 0; i < 2; i++) {
        const ok = await upload(t, a, `part${i}.txt`, text(1.5 * MB), { fields: { endpoint: 'google' } });
        expect(ok.status).toBe(200);
      }
      const full = await upload(t, a, 'more.txt', text(1.5 * MB), { fields: { endpoint: 'google' } });
      expect(full.status).toBe(413);
      expect(await errorOf(full)).toEqual({
        code: 'files_quota',
        message: 'Your file storage is full. Delete some files to upload more.',
      });
      expect(storedFiles(t, a.userId)).toHaveLength(2);
      const c = (await (
        await fetch(`${t.base}${paths.fileConfig}`, { headers: bearer(a) })
      ).json()) as FileConfig;
      expect(c.usedBytes).toBe(3 * MB);
      // The quota is each user's own.
      const theirs = await upload(t, b, 'b.txt', text(1.5 * MB), { fields: { endpoint: 'google' } });
      expect(((await theirs.json()) as FileUploadResult).bytes).toBe(1.5 * MB);
    });
  },
);
