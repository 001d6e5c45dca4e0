import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, chown, copyFile, lchown, lstat, mkdir, readdir, rm, unlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import {
  CODE_MAX_INPUT_FILES,
  CODE_MAX_RESULT_FILE_BYTES,
  CODE_MAX_RESULT_FILES,
  CODE_MAX_WORKDIR_BYTES,
  CODE_MAX_WORKDIR_FILES,
} from './limits.ts';
import type { InputFile, OutputFile } from './types.ts';

const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Who owns the working directories: the sandbox's uid when the server runs as root. */
export interface DirOwner {
  uid: number;
  gid: number;
}

/** A session's working directory under `root` (created 0700, owned by the sandbox user). */
export async function sessionDir(root: string, sessionId: string | undefined, owner: DirOwner | null) {
  if (sessionId !== undefined && !SESSION_ID.test(sessionId)) throw new Error('Invalid session id');
  const id = sessionId ?? randomUUID();
  const dir = path.join(root, id);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (owner) await chown(dir, owner.uid, owner.gid);
  await chmod(dir, 0o700);
  // Marks the session as used now: the idle sweep (removeIdleSessions) goes by this time.
  const now = new Date();
  await utimes(dir, now, now);
  return { id, dir };
}

export async function removeSessionDir(root: string, sessionId: string) {
  if (!SESSION_ID.test(sessionId)) throw new Error('Invalid session id');
  await rm(path.join(root, sessionId), { recursive: true, force: true });
}

/**
 * Removes the session directories not used for `idleMs` (their mtime, set by every run); answers
 * how many went. Sessions live as long as their conversation is in use, and no longer: the sweep
 * is what cleans up after deleted conversations and one-off runs alike.
 */
export async function removeIdleSessions(root: string, idleMs: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!SESSION_ID.test(name)) continue;
    const st = await lstat(path.join(root, name)).catch(() => null);
    if (!st?.isDirectory() || st.mtimeMs > now - idleMs) continue;
    await rm(path.join(root, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** A plain file name (no folders, no dot names). */
function safeName(name: string) {
  const base = path.basename(name.replaceAll('\\', '/'));
  if (!base || base === '.' || base === '..' || base.includes('\0'))
    throw new Error(`Invalid file name: ${name}`);
  return base;
}

/** Copies the caller's files into the working directory (never links: the sandbox may not reach the original). */
export async function putInputs(dir: string, files: InputFile[], owner: DirOwner | null) {
  if (files.length > CODE_MAX_INPUT_FILES) throw new Error(`At most ${CODE_MAX_INPUT_FILES} files per run`);
  for (const f of files) {
    const target = path.join(dir, safeName(f.name));
    // A name left by an earlier run may be a symlink: remove it (not its target), then create the
    // file exclusively so nothing slipped in between is followed.
    await rm(target, { force: true });
    await copyFile(f.path, target, constants.COPYFILE_EXCL);
    if (owner) await lchown(target, owner.uid, owner.gid);
  }
}

interface Entry {
  rel: string;
  size: number;
  mtimeMs: number;
}

/** Regular files under dir (symlinks and other special files are not followed and not listed). */
export async function listFiles(dir: string, limit = Number.POSITIVE_INFINITY): Promise<Entry[]> {
  const out: Entry[] = [];
  const walk = async (sub: string) => {
    let names: string[];
    try {
      names = await readdir(path.join(dir, sub));
    } catch {
      return;
    }
    for (const name of names) {
      if (out.length >= limit) return;
      const rel = sub ? `${sub}/${name}` : name;
      let st: Awaited<ReturnType<typeof lstat>>;
      try {
        st = await lstat(path.join(dir, rel));
      } catch {
        continue;
      }
      if (st.isDirectory()) await walk(rel);
      else if (st.isFile()) out.push({ rel, size: st.size, mtimeMs: st.mtimeMs });
    }
  };
  await walk('');
  return out;
}

export type Snapshot = Map<string, { size: number; mtimeMs: number }>;

export async function snapshot(dir: string): Promise<Snapshot> {
  return new Map((await listFiles(dir)).map((e) => [e.rel, { size: e.size, mtimeMs: e.mtimeMs }]));
}

/** A reason to stop the run when the working directory grew past its caps, else null. */
export async function overQuota(dir: string): Promise<string | null> {
  const files = await listFiles(dir, CODE_MAX_WORKDIR_FILES + 1);
  if (files.length > CODE_MAX_WORKDIR_FILES) {
    return `The run created more than ${CODE_MAX_WORKDIR_FILES} files and was stopped.`;
  }
  const bytes = files.reduce((n, f) => n + f.size, 0);
  if (bytes > CODE_MAX_WORKDIR_BYTES) {
    return `The working directory grew past ${CODE_MAX_WORKDIR_BYTES / 2 ** 20} MB and the run was stopped.`;
  }
  return null;
}

/** Removes what the run added or changed (after it broke the directory caps). */
export async function dropChanges(dir: string, before: Snapshot) {
  for (const e of await listFiles(dir)) {
    const old = before.get(e.rel);
    if (!old || old.size !== e.size || old.mtimeMs !== e.mtimeMs)
      await unlink(path.join(dir, e.rel)).catch(() => {});
  }
}

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
  md: 'text/markdown',
  json: 'application/json',
  html: 'text/html',
  xml: 'application/xml',
  py: 'text/x-python',
  js: 'text/javascript',
  ts: 'text/x-typescript',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

export function mimeOf(name: string) {
  return MIME[path.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

/** New or changed files since `before`, within the result caps. */
export async function changedFiles(dir: string, before: Snapshot) {
  const files: OutputFile[] = [];
  const skippedFiles: { name: string; reason: string }[] = [];
  const now = await listFiles(dir);
  for (const e of now.sort((a, b) => a.rel.localeCompare(b.rel))) {
    const old = before.get(e.rel);
    if (old && old.size === e.size && old.mtimeMs === e.mtimeMs) continue;
    if (e.size > CODE_MAX_RESULT_FILE_BYTES) {
      skippedFiles.push({ name: e.rel, reason: `larger than ${CODE_MAX_RESULT_FILE_BYTES / 2 ** 20} MB` });
    } else if (files.length >= CODE_MAX_RESULT_FILES) {
      skippedFiles.push({ name: e.rel, reason: `more than ${CODE_MAX_RESULT_FILES} files` });
    } else {
      files.push({ name: e.rel, path: path.join(dir, e.rel), size: e.size, mime: mimeOf(e.rel) });
    }
  }
  return { files, skippedFiles };
}
