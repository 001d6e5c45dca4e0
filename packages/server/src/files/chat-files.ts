import { endpointFileConfig } from '@parley/schema';
import type { ChatFiles, FileRow } from '../chat/attachments.ts';
import type { ServerFileConfig } from '../config/file-config.ts';
import type { Db, Dialect } from '../db/index.ts';
import { filesRepo } from '../db/repos/files.ts';
import { AppError } from '../errors.ts';
import { attachRefusal } from './attach-rules.ts';
import { IMAGE_MAX_BYTES } from './normalize-image.ts';
import type { Embedder } from './rag/embed.ts';
import { fileText } from './rag/file-text.ts';
import { retrievePassages } from './rag/retrieve.ts';
import { readAll } from './read-file.ts';
import type { FileStorage } from './storage.ts';

/** What a chat reads of the files capability: rows, image bytes, texts and file search. */
export function chatFiles(deps: {
  db: Db;
  dialect: Dialect;
  storage: FileStorage;
  embedder: Embedder | null;
  fileConfig: ServerFileConfig;
}): ChatFiles {
  const { db, dialect, storage, embedder } = deps;
  return {
    fileTokenLimit: deps.fileConfig.fileTokenLimit,
    refusal: (endpoint, files) => messageFilesRefusal(deps.fileConfig, endpoint, files),
    owned: (userId, fileIds) => filesRepo(db).getOwned(userId, fileIds),
    // Images were normalised under this bound at upload; a larger one is not an image we stored.
    bytes: (file) => readAll(storage.read(file.storage_key), IMAGE_MAX_BYTES),
    text: (file) => fileText(db, file.user_id, file.file_id),
    search: (userId, files, query, limit) =>
      retrievePassages({
        db,
        dialect,
        userId,
        fileIds: files.map((f) => f.file_id),
        query,
        embedder,
        top: limit,
      }),
  };
}

const MB = 1024 * 1024;
const inMb = (bytes: number) => Math.round((bytes / MB) * 100) / 100;

/** doc 1 §5 for one message: how many files, their total, then each file's own rules. */
function messageFilesRefusal(
  config: ServerFileConfig,
  endpoint: string,
  files: readonly FileRow[],
): AppError | null {
  const rules = endpointFileConfig({ ...config, usedBytes: 0 }, endpoint);
  if (files.length > rules.fileLimit)
    return new AppError('files_limit', `You can only upload up to ${rules.fileLimit} files at a time.`);
  const total = files.reduce((n, f) => n + f.bytes, 0);
  if (total > rules.totalSizeLimit)
    return new AppError(
      'files_total_too_large',
      `The total size of the files cannot exceed ${inMb(rules.totalSizeLimit)} MB.`,
    );
  for (const file of files) {
    const refused = attachRefusal(config, endpoint, file);
    if (refused) return refused;
  }
  return null;
}
