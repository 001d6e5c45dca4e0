import { type FileObject, type MessageFile, type ToolResource, UPLOAD_PROGRESS } from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { getFile } from '../../api/files.ts';
import { attachFiles, removeAttached } from './attach-files.ts';
import {
  type AttachedFile,
  attachExisting,
  type ComposerTarget,
  isUploading,
  useAttachedFiles,
  useAttachments,
} from './store/attachments.ts';

/**
 * The composer's files: the chips of one composer and what acts on them. The upload code is
 * loaded with the composer: lazy, it cost two more requests on /chat/new (rolldown split the
 * modules it shares with the composer into chunks of their own) to save about 2 KB.
 */
/** A stored file as a finished chip (restored drafts, the files table). */
export function chipFromFile(file: FileObject): AttachedFile {
  return {
    tempId: file.file_id,
    file_id: file.file_id,
    filename: file.filename,
    type: file.type,
    bytes: file.bytes,
    width: file.width,
    height: file.height,
    filepath: file.filepath,
    source: file.source,
    embedded: file.embedded,
    toolResource: file.tool_resource,
    progress: UPLOAD_PROGRESS.done,
  };
}

/** The chip list as the message carries it (shown on the user message at once). */
export function toMessageFiles(files: readonly AttachedFile[]): MessageFile[] {
  return files
    .filter((f) => f.file_id)
    .map((f) => ({
      file_id: f.file_id ?? undefined,
      filename: f.filename,
      filepath: f.filepath,
      type: f.type,
      width: f.width,
      height: f.height,
      bytes: f.bytes,
    }));
}

/** The composer's files: attach (validate, upload), remove (cancel or delete), restore from a draft. */
export function useComposerFiles(target: ComposerTarget) {
  const { key, endpoint, endpointType, conversationId } = target;
  const files = useAttachedFiles(key);
  const client = useQueryClient();

  const attach = useCallback(
    async (picked: readonly File[], toolResource?: ToolResource) => {
      await attachFiles(client, { key, endpoint, endpointType, conversationId }, picked, toolResource);
    },
    [client, endpoint, endpointType, conversationId, key],
  );

  const remove = useCallback((tempId: string) => removeAttached(key, tempId), [key]);

  /** Put back a draft's files: each id is looked up; files gone since are left out. */
  const restore = useCallback(
    async (ids: readonly string[]) => {
      const found = await Promise.all(ids.map((id) => getFile(id).catch(() => null)));
      attachExisting(
        key,
        found.flatMap((file) => (file ? [chipFromFile(file)] : [])),
      );
    },
    [key],
  );

  /** After a send: the chips go (their local previews too); the files now belong to the message. */
  const clear = useCallback(() => {
    for (const f of useAttachments.getState().take(key)) if (f.preview) URL.revokeObjectURL(f.preview);
  }, [key]);

  const fileIds = useMemo(() => files.flatMap((f) => (f.file_id ? [f.file_id] : [])), [files]);
  return {
    files,
    fileIds,
    busy: isUploading(files),
    attach,
    remove,
    restore,
    clear,
    toMessageFiles: () => toMessageFiles(useAttachments.getState().byKey[key] ?? []),
  };
}
