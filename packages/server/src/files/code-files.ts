import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { paths, type ToolCallAttachment } from '@parley/schema';
import type { CodeFilesPort, RunOwner } from '../code/conversation.ts';
import { CODE_MAX_INPUT_BYTES, CODE_MAX_INPUT_FILES } from '../code/limits.ts';
import type { InputFile, OutputFile } from '../code/types.ts';
import type { Db } from '../db/index.ts';
import { filesRepo } from '../db/repos/files.ts';
import { newFileRow } from '../db/rows.ts';
import type { FilesTable } from '../db/schema.ts';
import { sanitizeFilename } from './filename.ts';
import { IMAGE_MAX_INPUT_PIXELS } from './normalize-image.ts';
import { type FileStorage, storageKey } from './storage.ts';

/** The `source` of a file a code run made (doc 1 §3 File: source execute_code). */
export const CODE_OUTPUT_SOURCE = 'execute_code';

/** Raster types whose size sharp reads from the header (the file is not decoded). */
const RASTER: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
/** How much of an SVG is read for its size attributes. */
const SVG_HEAD_BYTES = 16 * 1024;

/**
 * The files store's side of running code (code/conversation.ts CodeFilesPort): the user's files
 * copied out for a run, and what a run made stored as the user's files, served by the owner-only
 * download route (`filepath`), so the web shows images inline and offers the rest as downloads.
 */
export function codeFiles(deps: {
  db: Db;
  storage: FileStorage;
  /** The user's storage quota in bytes (null: none); a run's files count toward it. */
  quotaBytes: number | null;
  /** Rows of exactly these ids, whoever uploaded them (an agent's files: attaching checked them). */
  listed: (fileIds: readonly string[]) => Promise<FilesTable[]>;
}): CodeFilesPort {
  const files = filesRepo(deps.db);
  return {
    async stage(dir, want) {
      const rows = [...(await files.getOwned(want.userId, want.owned)), ...(await deps.listed(want.listed))];
      const out: InputFile[] = [];
      const notes: string[] = [];
      const names = new Set<string>();
      let total = 0;
      for (const row of rows) {
        const name = sanitizeFilename(row.filename);
        // The working directory has one name space: the first file of a name is the one it holds.
        if (names.has(name)) continue;
        const bytes = Number(row.bytes);
        if (out.length >= CODE_MAX_INPUT_FILES) {
          notes.push(`${name} was not copied in: at most ${CODE_MAX_INPUT_FILES} files per run`);
        } else if (total + bytes > CODE_MAX_INPUT_BYTES) {
          notes.push(
            `${name} was not copied in: the files together exceed ${CODE_MAX_INPUT_BYTES / 2 ** 20} MB`,
          );
        } else {
          // Staged under a number: the name only matters inside the working directory.
          const staged = path.join(dir, String(out.length));
          await pipeline(deps.storage.read(row.storage_key), createWriteStream(staged, { mode: 0o600 }));
          out.push({ name, path: staged });
          names.add(name);
          total += bytes;
        }
      }
      return { files: out, notes };
    },

    async keep(run, owner) {
      const attachments: ToolCallAttachment[] = [];
      const notes: string[] = [];
      let used = deps.quotaBytes === null ? 0 : await files.usedBytes(owner.userId);
      for (const file of run.files) {
        if (deps.quotaBytes !== null && used + file.size > deps.quotaBytes) {
          notes.push(`${file.name} was not kept: the user's file storage is full`);
          continue;
        }
        const row = await storeOne(deps, file, owner);
        used += Number(row.bytes);
        attachments.push(attachmentOf(row));
      }
      return { attachments, notes };
    },
  };
}

/** One produced file into the store and the files table; bytes removed again if the row fails. */
async function storeOne(deps: { db: Db; storage: FileStorage }, file: OutputFile, owner: RunOwner) {
  const fileId = randomUUID();
  const key = storageKey(owner.userId, fileId);
  // O_NOFOLLOW: the run is over, but its directory is the sandbox's; never follow a link out of it.
  const handle = await open(file.path, constants.O_RDONLY | constants.O_NOFOLLOW);
  const bytes = await deps.storage.write(key, handle.createReadStream());
  try {
    const image = await imageInfo(file);
    const row = newFileRow({
      fileId,
      userId: owner.userId,
      // A file in a sub-folder keeps its folder in the name (plot/a.png → plot_a.png).
      filename: sanitizeFilename(file.name.replaceAll('/', '_')),
      storageKey: key,
      type: image?.type ?? file.mime,
      bytes,
      width: image?.width ?? null,
      height: image?.height ?? null,
      source: CODE_OUTPUT_SOURCE,
      conversationId: owner.conversationId,
      messageId: owner.messageId,
    });
    await filesRepo(deps.db).insert(row);
    return row;
  } catch (err) {
    await deps.storage.delete(key);
    throw err;
  }
}

export function attachmentOf(row: FilesTable): ToolCallAttachment {
  return {
    file_id: row.file_id,
    filename: row.filename,
    filepath: paths.fileDownload(row.user_id, row.file_id),
    type: row.type,
    bytes: Number(row.bytes),
    ...(row.width ? { width: row.width } : {}),
    ...(row.height ? { height: row.height } : {}),
  };
}

/**
 * An image's type and size where it is cheap: raster headers through sharp (no decoding), an SVG's
 * width/height (or viewBox) attributes. A file named as an image whose header is not one loses the
 * image type, so the web does not try to show it as one. Null for everything else.
 */
async function imageInfo(
  file: OutputFile,
): Promise<{ type: string; width?: number; height?: number } | null> {
  if (file.mime === 'image/svg+xml') return { type: file.mime, ...(await svgSize(file.path)) };
  if (!Object.values(RASTER).includes(file.mime)) return null;
  try {
    const { default: sharp } = await import('sharp');
    const meta = await sharp(file.path, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS }).metadata();
    const type = meta.format ? RASTER[meta.format] : undefined;
    if (!type) return { type: 'application/octet-stream' };
    return { type, width: meta.width, height: meta.height };
  } catch {
    return { type: 'application/octet-stream' };
  }
}

async function svgSize(file: string): Promise<{ width?: number; height?: number }> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  let head: string;
  try {
    const buf = Buffer.alloc(SVG_HEAD_BYTES);
    const { bytesRead } = await handle.read(buf, 0, SVG_HEAD_BYTES, 0);
    head = buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
  const tag = /<svg\b[^>]*>/i.exec(head)?.[0];
  if (!tag) return {};
  const attr = (name: string) => {
    const v = new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(px)?\\s*["']`, 'i').exec(tag)?.[1];
    const n = v === undefined ? Number.NaN : Number(v);
    return Number.isFinite(n) && n > 0 ? Math.round(n) : undefined;
  };
  let width = attr('width');
  let height = attr('height');
  const box = /\sviewBox\s*=\s*["']([^"']+)["']/i
    .exec(tag)?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if ((!width || !height) && box?.length === 4 && box[2] > 0 && box[3] > 0) {
    width ??= Math.round(box[2]);
    height ??= Math.round(box[3]);
  }
  return { ...(width ? { width } : {}), ...(height ? { height } : {}) };
}
