import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type FileConfig, type FileListResponse, type FileUploadResult, paths } from '@parley/schema';
import { expect, it } from 'vitest';
import { openOwnedFiles, readAll } from '../src/files/read-file.ts';
import { makeUser } from './factories.ts';
import { bearer, exeBytes, PDF_BYTES, upload } from './files-upload.ts';
import { authed, describeApp, type TestApp } from './helpers.ts';

/** Issue 14 files core through the API: doc 1 §5 upload rules, owner-only access, downloads. */

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;

async function uploaded(res: Response): Promise<FileUploadResult> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as FileUploadResult;
}

const storedKey = async (t: TestApp, userId: string, fileId: string) =>
  (await t.app.ctx.repos.files.get(userId, fileId))?.storage_key ?? null;

describeApp('files: upload, list, get, download, delete', (t) => {
  it('stores a text file typed from its bytes and extension, and answers LibreChat’s upload shape', async () => {
    const a = await makeUser(t);
    const body = await uploaded(
      await upload(t, a, 'notes.md', '# Title\n\nSome text.\n', {
        fields: { file_id: 'temp-1', endpoint: 'openAI' },
        claimedType: 'application/x-msdownload',
      }),
    );
    expect(body).toMatchObject({
      message: 'File uploaded and processed successfully',
      temp_file_id: 'temp-1',
      filename: 'notes.md',
      type: 'text/markdown',
      bytes: 20,
      source: 'local',
      status: 'ready',
      embedded: false,
      filepath: paths.fileDownload(a.userId, body.file_id),
    });
    const got = await fetch(`${t.base}${paths.file(body.file_id)}`, { headers: bearer(a) });
    expect(await got.json()).toMatchObject({ file_id: body.file_id, filename: 'notes.md' });
    const dl = await fetch(`${t.base}${body.filepath}`, { headers: bearer(a) });
    expect(dl.status).toBe(200);
    expect(await dl.text()).toBe('# Title\n\nSome text.\n');
    expect(dl.headers.get('content-type')).toBe('text/markdown');
    expect(dl.headers.get('content-length')).toBe('20');
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(dl.headers.get('content-disposition')).toBe(
      `attachment; filename="notes.md"; filename*=UTF-8''notes.md`,
    );
    expect(JSON.parse(dl.headers.get('x-file-metadata')!)).toMatchObject({
      file_id: body.file_id,
      filename: 'notes.md',
      type: 'text/markdown',
      bytes: 20,
    });
  });

  it('serves one byte range of a download (resume, seek)', async () => {
    const a = await makeUser(t);
    const f = await uploaded(await upload(t, a, 'digits.txt', '0123456789'));
    const part = await fetch(`${t.base}${f.filepath}`, { headers: { ...bearer(a), range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(part.headers.get('content-length')).toBe('4');
    expect(await part.text()).toBe('2345');
    const tail = await fetch(`${t.base}${f.filepath}`, { headers: { ...bearer(a), range: 'bytes=-3' } });
    expect(await tail.text()).toBe('789');
    const whole = await fetch(`${t.base}${f.filepath}`, { headers: { ...bearer(a), range: 'bytes=50-60' } });
    expect(whole.status).toBe(200);
    expect(await whole.text()).toBe('0123456789');
  });

  it('magic bytes beat names: a PDF named .png is a PDF, an .exe named .txt is refused as what it is', async () => {
    const a = await makeUser(t);
    const pdf = await uploaded(await upload(t, a, 'photo.png', PDF_BYTES, { claimedType: 'image/png' }));
    expect(pdf.type).toBe('application/pdf');
    const exe = await upload(t, a, 'readme.txt', exeBytes());
    expect(exe.status).toBe(415);
    expect(await errorOf(exe)).toEqual({
      code: 'files_unsupported_type',
      message: 'Currently, unsupported file type: application/x-msdownload',
    });
    // Nothing of the refused upload stays on disk.
    expect(readdirSync(path.join(t.app.ctx.config.dataDir, 'files', a.userId))).toHaveLength(1);
  });

  it('types an Office file from the zip’s entries, whatever it is named', async () => {
    const a = await makeUser(t);
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['a', 1]]), 'S');
    const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const sheet = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    expect((await uploaded(await upload(t, a, 'numbers.xlsx', xlsx))).type).toBe(sheet);
    expect((await uploaded(await upload(t, a, 'letter.docx', xlsx))).type).toBe(sheet);
  });

  it('refuses an empty file, and bytes whose type cannot be told', async () => {
    const a = await makeUser(t);
    const empty = await upload(t, a, 'empty.txt', '');
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toEqual({ code: 'files_empty', message: 'Empty files are not allowed.' });
    const binary = await upload(t, a, 'blob.bin', new Uint8Array([0, 1, 2, 3, 250, 251, 0, 7]));
    expect(await errorOf(binary)).toEqual({
      code: 'files_type_unknown',
      message: 'Unable to determine file type for: blob.bin',
    });
    // Text, but an extension that names no type.
    const text = await upload(t, a, 'notes.zzz', 'plain words');
    expect((await errorOf(text)).message).toBe('Unable to determine file type for: notes.zzz');
    const none = await upload(t, a, 'x.txt', 'x', { fields: {} });
    expect(none.status).toBe(200);
    const noFile = await fetch(`${t.base}${paths.files}`, {
      method: 'POST',
      headers: bearer(a),
      body: (() => {
        const f = new FormData();
        f.append('endpoint', 'openAI');
        return f;
      })(),
    });
    expect(await errorOf(noFile)).toEqual({ code: 'files_no_file', message: 'No file was uploaded.' });
  });

  it('on agents a document needs a tool resource; an image does not', async () => {
    const a = await makeUser(t);
    const bare = await upload(t, a, 'doc.txt', 'words', { fields: { endpoint: 'agents' } });
    expect(bare.status).toBe(400);
    expect(await errorOf(bare)).toEqual({
      code: 'files_unsupported_capability',
      message: 'No capabilities enabled that support this file type.',
    });
    const chosen = await uploaded(
      await upload(t, a, 'doc.txt', 'words', {
        fields: { endpoint: 'agents', tool_resource: 'file_search' },
      }),
    );
    expect(chosen.tool_resource).toBe('file_search');
    const invalid = await upload(t, a, 'doc.txt', 'words', { fields: { tool_resource: 'nonsense' } });
    expect(invalid.status).toBe(400);
    expect(await errorOf(invalid)).toMatchObject({ code: 'validation', field: 'tool_resource' });
  });

  it('keeps only the last segment of a name, without control characters; the bytes live under ids', async () => {
    const a = await makeUser(t);
    for (const name of ['../../etc/passwd.txt', '..\\..\\boot.ini.txt', '/abs/path/\u202Egnp.txt']) {
      const body = await uploaded(await upload(t, a, encodeURIComponent(name), 'x'));
      expect(body.filename).not.toMatch(/[\\/]|\.\.|\u202E/);
      expect(await storedKey(t, a.userId, body.file_id)).toBe(`${a.userId}/${body.file_id}`);
    }
    const names = (await (
      await fetch(`${t.base}${paths.files}?sortBy=filename&sortDirection=asc`, { headers: bearer(a) })
    ).json()) as FileListResponse;
    expect(names.files.map((f) => f.filename)).toEqual(['boot.ini.txt', 'gnp.txt', 'passwd.txt']);
    expect(existsSync(path.join(t.app.ctx.config.dataDir, 'etc'))).toBe(false);
  });

  it('serves SVG and HTML only as an attachment of a type no browser runs', async () => {
    const a = await makeUser(t);
    const svg = await uploaded(
      await upload(t, a, 'x.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    expect(svg.type).toBe('image/svg+xml');
    const html = await uploaded(await upload(t, a, 'page.html', '<html><script>alert(1)</script></html>'));
    for (const f of [svg, html]) {
      const dl = await fetch(`${t.base}${f.filepath}`, { headers: bearer(a) });
      expect(dl.headers.get('content-type')).toBe('application/octet-stream');
      expect(dl.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('names a non-ASCII file exactly in filename* and safely in the fallback', async () => {
    const a = await makeUser(t);
    const f = await uploaded(await upload(t, a, encodeURIComponent('résumé "final".txt'), 'x'));
    const dl = await fetch(`${t.base}${f.filepath}`, { headers: bearer(a) });
    expect(dl.headers.get('content-disposition')).toBe(
      `attachment; filename="r_sum_ _final_.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22.txt`,
    );
    expect(JSON.parse(dl.headers.get('x-file-metadata')!).filename).toBe('résumé "final".txt');
  });

  it('owner only: another user cannot list, get, download or delete the file by its id', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const f = await uploaded(await upload(t, a, 'secret.txt', 'A only'));
    const list = (await (
      await fetch(`${t.base}${paths.files}`, { headers: bearer(b) })
    ).json()) as FileListResponse;
    expect(list.files).toEqual([]);
    const get = await fetch(`${t.base}${paths.file(f.file_id)}`, { headers: bearer(b) });
    expect(get.status).toBe(404);
    expect((await errorOf(get)).code).toBe('file_not_found');
    // With A's user id in the address, and with B's own.
    for (const userId of [a.userId, b.userId]) {
      const dl = await fetch(`${t.base}${paths.fileDownload(userId, f.file_id)}`, { headers: bearer(b) });
      expect(dl.status).toBe(404);
    }
    const del = await fetch(`${t.base}${paths.files}`, {
      method: 'DELETE',
      headers: authed(b),
      body: JSON.stringify({ files: [{ file_id: f.file_id }] }),
    });
    expect(del.status).toBe(404);
    const still = await fetch(`${t.base}${f.filepath}`, { headers: bearer(a) });
    expect(await still.text()).toBe('A only');
    // Anonymous: 401 on every route.
    for (const url of [paths.files, paths.file(f.file_id), f.filepath, paths.fileConfig]) {
      expect((await fetch(`${t.base}${url}`)).status).toBe(401);
    }
  });

  it('the chat’s reader opens only the user’s own files by id', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const f = await uploaded(await upload(t, a, 'ctx.txt', 'context bytes'));
    const deps = { files: t.app.ctx.repos.files, storage: t.app.ctx.fileStorage };
    expect(await openOwnedFiles(deps, b.userId, [f.file_id])).toEqual([]);
    const [mine] = await openOwnedFiles(deps, a.userId, [f.file_id, 'unknown']);
    expect((await readAll(mine.open(), 1024)).toString()).toBe('context bytes');
    await expect(readAll(mine.open(), 4)).rejects.toThrow(/larger than 4 bytes/);
  });

  it('delete removes the rows and then the bytes, and skips ids that are not the user’s', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const f1 = await uploaded(await upload(t, a, 'one.txt', 'one'));
    const f2 = await uploaded(await upload(t, a, 'two.txt', 'two'));
    const theirs = await uploaded(await upload(t, b, 'b.txt', 'b'));
    const key1 = (await storedKey(t, a.userId, f1.file_id))!;
    expect(await t.app.ctx.fileStorage.size(key1)).toBe(3);
    const del = await fetch(`${t.base}${paths.files}`, {
      method: 'DELETE',
      headers: authed(a),
      body: JSON.stringify({
        files: [{ file_id: f1.file_id }, { file_id: theirs.file_id }, { file_id: 'nope' }],
      }),
    });
    expect(await del.json()).toEqual({ message: 'Files deleted successfully', deleted: [f1.file_id] });
    expect(await t.app.ctx.fileStorage.size(key1)).toBeNull();
    expect((await fetch(`${t.base}${f1.filepath}`, { headers: bearer(a) })).status).toBe(404);
    expect((await fetch(`${t.base}${f2.filepath}`, { headers: bearer(a) })).status).toBe(200);
    expect((await fetch(`${t.base}${theirs.filepath}`, { headers: bearer(b) })).status).toBe(200);
    const invalid = await fetch(`${t.base}${paths.files}`, {
      method: 'DELETE',
      headers: authed(a),
      body: '{"files":[]}',
    });
    expect(invalid.status).toBe(400);
  });

  it('an expired generated file answers 410 download expired', async () => {
    const a = await makeUser(t);
    const f = await uploaded(await upload(t, a, 'out.csv', 'a,b\n1,2\n'));
    await t.app.ctx.db
      .updateTable('files')
      .set({ expires_at: Date.now() - 1000 })
      .where('file_id', '=', f.file_id)
      .execute();
    const dl = await fetch(`${t.base}${f.filepath}`, { headers: bearer(a) });
    expect(dl.status).toBe(410);
    expect(await errorOf(dl)).toEqual({ code: 'file_download_expired', message: 'download expired' });
  });

  it('lists keyset pages by date and by name, either way, with a name filter', async () => {
    const a = await makeUser(t);
    const names = ['b.txt', 'A.txt', 'c.txt', 'report-2.txt', 'Report-1.txt'];
    for (const n of names) await uploaded(await upload(t, a, n, n));
    const all = async (query: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const q = `${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (await (
          await fetch(`${t.base}${paths.files}?${q}`, { headers: bearer(a) })
        ).json()) as FileListResponse;
        expect(page.files.length).toBeLessThanOrEqual(2);
        seen.push(...page.files.map((f) => f.filename));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    expect(await all('sortBy=createdAt&sortDirection=desc')).toEqual([...names].reverse());
    expect(await all('sortBy=createdAt&sortDirection=asc')).toEqual(names);
    expect(await all('sortBy=filename&sortDirection=asc')).toEqual([
      'A.txt',
      'b.txt',
      'c.txt',
      'Report-1.txt',
      'report-2.txt',
    ]);
    expect(await all('sortBy=filename&sortDirection=desc')).toEqual([
      'report-2.txt',
      'Report-1.txt',
      'c.txt',
      'b.txt',
      'A.txt',
    ]);
    expect(await all('sortBy=filename&sortDirection=asc&search=REPORT')).toEqual([
      'Report-1.txt',
      'report-2.txt',
    ]);
  });

  it('GET /api/files/config answers the defaults in bytes with the user’s usage', async () => {
    const a = await makeUser(t);
    await uploaded(await upload(t, a, 'u.txt', '12345'));
    const config = (await (
      await fetch(`${t.base}${paths.fileConfig}`, { headers: bearer(a) })
    ).json()) as FileConfig;
    expect(config.endpoints.default).toMatchObject({
      fileLimit: 10,
      fileSizeLimit: 512 * 1024 * 1024,
      disabled: false,
    });
    expect(config.serverFileSizeLimit).toBe(512 * 1024 * 1024);
    expect(config.usedBytes).toBe(5);
    expect(config.quotaBytes).toBe(5120 * 1024 * 1024);
    // No embeddings configured: file search ranks by words alone.
    expect(config.fileSearch).toEqual({ mode: 'full_text' });
  });

  it('account deletion, by the user or an admin, removes the user’s stored bytes', async () => {
    const admin = await makeUser(t, { role: 'ADMIN' });
    for (const by of ['self', 'admin'] as const) {
      const a = await makeUser(t);
      await uploaded(await upload(t, a, 'gone.txt', 'bye'));
      const dir = path.join(t.app.ctx.config.dataDir, 'files', a.userId);
      expect(existsSync(dir)).toBe(true);
      const res =
        by === 'self'
          ? await fetch(`${t.base}${paths.user}`, { method: 'DELETE', headers: bearer(a) })
          : await fetch(`${t.base}/api/admin/users/${a.userId}`, {
              method: 'DELETE',
              headers: bearer(admin),
            });
      expect(res.status, by).toBeLessThan(300);
      expect(existsSync(dir), by).toBe(false);
      expect(await t.app.ctx.repos.files.usedBytes(a.userId)).toBe(0);
    }
  });
});
