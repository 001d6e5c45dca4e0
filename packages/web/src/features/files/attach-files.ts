import {
  endpointFileConfig,
  type FileConfig,
  type ToolResource,
  UPLOAD_ERROR_TOAST_MS,
  UPLOAD_SLOW_TOAST_MS,
} from '@parley/schema';
import type { QueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import { toast } from 'sonner';
import { fileConfigQuery, uploadFile } from '../../api/files.ts';
import { t } from '../../i18n/t.ts';
import { createErrorBatcher } from './batchers.ts';
import { deleteQueue } from './delete-queue.ts';
import { type ComposerTarget, useAttachments } from './store/attachments.ts';
import { cancelUpload, uploadOne } from './upload.ts';
import { uploadErrorText } from './upload-errors.ts';
import { validateFiles } from './validate.ts';

/**
 * Attaching and removing in the composer: validation, uploads, error toasts, batched deletes.
 */

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

/** Check picked or dropped files against the endpoint's rules and upload those that pass. */
export async function attachFiles(
  client: QueryClient,
  target: ComposerTarget,
  picked: readonly File[],
  toolResource?: ToolResource,
): Promise<void> {
  const { key, endpoint, endpointType, conversationId } = target;
  // The rules load on the first attach, not with /chat/new.
  let config: FileConfig;
  try {
    config = await client.fetchQuery(fileConfigQuery);
  } catch (error) {
    errors.push(uploadErrorText(error));
    return;
  }
  const current = useAttachments.getState().byKey[key] ?? [];
  const { accepted, errors: refused } = validateFiles(
    picked,
    current.map((f) => ({ filename: f.filename, bytes: f.bytes, type: f.type })),
    endpointFileConfig(config, endpoint),
    { agents: endpoint === 'agents', toolResource },
  );
  for (const message of refused) errors.push(message);
  for (const checked of accepted)
    void uploadOne(
      {
        add: (file) => useAttachments.getState().add(key, [file]),
        patch: (tempId, change) => useAttachments.getState().patch(key, tempId, change),
        drop: (tempId) => void useAttachments.getState().remove(key, tempId),
        upload: uploadFile,
        onError: (error) => errors.push(uploadErrorText(error)),
        onSlow: (filename) =>
          toast.warning(t('com_ui_upload_delay', { 0: filename }), { duration: UPLOAD_SLOW_TOAST_MS }),
        resize: config.clientImageResize,
        target: { endpoint: endpoint ?? undefined, endpointType: endpointType ?? undefined, conversationId },
      },
      checked,
      toolResource,
    );
}

/** The x on a chip: an upload in flight is canceled, an uploaded file is deleted (batched, doc 1 §4). */
export function removeAttached(key: string, tempId: string): void {
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
}
