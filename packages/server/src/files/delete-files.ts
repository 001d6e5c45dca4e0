import type { Db } from '../db/index.ts';
import { filesRepo } from '../db/repos/files.ts';
import type { FileProcessor } from './processor.ts';
import type { FileStorage } from './storage.ts';

export interface DeleteDeps {
  db: Db;
  fileStorage: FileStorage;
  fileProcessor?: FileProcessor;
}

/**
 * Delete the user's files among `fileIds` (others' ids are skipped as unknown): their processed
 * data and rows in one transaction, then their bytes once it committed (a failed transaction keeps
 * every file whole; a crash after it leaves only unreferenced bytes). Answers the deleted ids.
 */
export async function deleteFiles(
  deps: DeleteDeps,
  userId: string,
  fileIds: readonly string[],
  onStorageError: (err: unknown) => void,
): Promise<string[]> {
  const removed = await deps.db.transaction().execute(async (trx) => {
    const owned = await filesRepo(trx).getOwned(userId, fileIds);
    if (owned.length === 0) return [];
    const ids = owned.map((f) => f.file_id);
    await deps.fileProcessor?.remove(trx, userId, ids);
    return filesRepo(trx).removeOwned(userId, ids);
  });
  await Promise.all(removed.map((f) => deps.fileStorage.delete(f.storage_key).catch(onStorageError)));
  return removed.map((f) => f.file_id);
}
