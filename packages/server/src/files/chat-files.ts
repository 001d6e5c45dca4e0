import type { ChatFiles } from '../chat/attachments.ts';
import type { Db, Dialect } from '../db/index.ts';
import { filesRepo } from '../db/repos/files.ts';
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
  fileTokenLimit: number;
}): ChatFiles {
  const { db, dialect, storage, embedder } = deps;
  return {
    fileTokenLimit: deps.fileTokenLimit,
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
