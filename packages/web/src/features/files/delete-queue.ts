import type { FileDeleteRequest } from '@parley/schema';
import { deleteFiles } from '../../api/files.ts';
import { queryClient } from '../../api/query-client.ts';
import { createDeleteBatcher } from './batchers.ts';

type DeletedFile = FileDeleteRequest['files'][number];

/** One queue for the whole app: chips removed anywhere within 1 s go in one DELETE (doc 1 §4). */
export const deleteQueue = createDeleteBatcher<DeletedFile>(async (files) => {
  await deleteFiles({ files });
  void queryClient.invalidateQueries({ queryKey: ['files'] });
});

if (typeof window !== 'undefined') window.addEventListener('pagehide', () => deleteQueue.flush());
