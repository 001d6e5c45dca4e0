import {
  DEFAULT_CLIENT_IMAGE_RESIZE,
  endpointFileConfig,
  type FileConfig,
  type FileObject,
  type MessageFile,
  type ToolResource,
  UPLOAD_ERROR_TOAST_MS,
  UPLOAD_PROGRESS,
  UPLOAD_SLOW_TOAST_MS,
} from '@parley/schema';
import { useQueryClient } from '@tanstack/react-query';
import { createElement, useCallback, useMemo } from 'react';
import { toast } from 'sonner';
import { fileConfigQuery, getFile, uploadFile } from '../../api/files.ts';
import { t } from '../../i18n/t.ts';
import { createErrorBatcher } from './batchers.ts';
import { deleteQueue } from './delete-queue.ts';
import {
  type AttachedFile,
  attachExisting,
  type ComposerTarget,
  isUploading,
  useAttachedFiles,
  useAttachments,
} from './store/attachments.ts';
import { cancelUpload, uploadOne } from './upload.ts';
import { uploadErrorText } from './upload-errors.ts';
import { validateFiles } from './validate.ts';

/** Several errors together as a bullet list for 5 s (doc 1 §6). */
function showErrors(messages: string[]) {
  const body =
    messages.length === 1
      ? messages[0]
      : createElement(
          'ul',
          { className: 'list-disc pl-4', 'data-testid': 'upload-errors' },
          messages.map((m) => createElement('li', { key: m }, m)),
        );
  toast.error(body, { duration: UPLOAD_ERROR_TOAST_MS });
}

const errors = createErrorBatcher(showErrors);

/** Report a validation or upload error through the 250 ms batch. */
export function reportFileError(message: string): void {
  errors.push(message);
}

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
      // The rules load on the first attach, not with /chat/new (its critical path stays short).
      let config: FileConfig;
      try {
        config = await client.fetchQuery(fileConfigQuery);
      } catch (error) {
        reportFileError(uploadErrorText(error));
        return;
      }
      const store = useAttachments.getState();
      const rules = endpointFileConfig(config, endpoint);
      const current = store.byKey[key] ?? [];
      const { accepted, errors: refused } = validateFiles(
        picked,
        current.map((f) => ({ filename: f.filename, bytes: f.bytes, type: f.type })),
        rules,
        { agents: endpoint === 'agents', toolResource },
      );
      for (const message of refused) reportFileError(message);
      for (const checked of accepted)
        void uploadOne(
          {
            add: (file) => useAttachments.getState().add(key, [file]),
            patch: (tempId, change) => useAttachments.getState().patch(key, tempId, change),
            drop: (tempId) => void useAttachments.getState().remove(key, tempId),
            upload: uploadFile,
            onError: (error) => reportFileError(uploadErrorText(error)),
            onSlow: (filename) =>
              toast.warning(t('com_ui_upload_delay', { 0: filename }), { duration: UPLOAD_SLOW_TOAST_MS }),
            resize: config.clientImageResize ?? DEFAULT_CLIENT_IMAGE_RESIZE,
            target: {
              endpoint: endpoint ?? undefined,
              endpointType: endpointType ?? undefined,
              conversationId,
            },
          },
          checked,
          toolResource,
        );
    },
    [client, endpoint, endpointType, conversationId, key],
  );

  /** The x on a chip: an upload in flight is canceled, an uploaded file is deleted (batched). */
  const remove = useCallback(
    (tempId: string) => {
      cancelUpload(tempId);
      const removed = useAttachments.getState().remove(key, tempId);
      if (!removed) return;
      if (removed.preview) URL.revokeObjectURL(removed.preview);
      if (removed.file_id)
        deleteQueue.queue({
          file_id: removed.file_id,
          filepath: removed.filepath,
          embedded: removed.embedded,
          source: removed.source,
        });
    },
    [key],
  );

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
