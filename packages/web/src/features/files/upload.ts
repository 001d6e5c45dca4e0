import {
  type ClientImageResize,
  type FileUploadResult,
  type ToolResource,
  UPLOAD_DONE_DELAY_MS,
  UPLOAD_PROGRESS,
} from '@parley/schema';
import type { UploadInput } from '../../api/files.ts';
import { uuid } from '../../lib/uuid.ts';
import { slowUploadDelay } from './batchers.ts';
import { resizeImage } from './image.ts';
import type { AttachedFile } from './store/attachments.ts';
import type { CheckedFile } from './validate.ts';

/** What one upload needs from its surroundings (the hook passes the real ones; tests their own). */
export type UploadDeps = {
  add: (file: AttachedFile) => void;
  patch: (tempId: string, change: Partial<AttachedFile>) => void;
  /** Drop the chip (on error the file is removed, doc 1 §4). */
  drop: (tempId: string) => void;
  upload: (input: UploadInput) => Promise<FileUploadResult>;
  onError: (error: unknown, filename: string) => void;
  onSlow: (filename: string) => void;
  resize: ClientImageResize;
  target: { endpoint?: string; endpointType?: string; conversationId?: string | null };
};

/** In-flight uploads by chip id: removing a chip cancels its request. */
const controllers = new Map<string, AbortController>();

/** Cancel a chip's upload; true when one was running. */
export function cancelUpload(tempId: string): boolean {
  const controller = controllers.get(tempId);
  if (!controller) return false;
  controllers.delete(tempId);
  controller.abort();
  return true;
}

/**
 * Upload one checked file with the progress steps of doc 1 §4: 0.2 at once, 0.6 once an image is
 * measured (and resized per clientImageResize), 0.9 when the server answers, 1 after 300 ms. A
 * slow upload warns once (5000 ms + 2000 ms per MB); on error the chip goes and the error is told.
 */
export async function uploadOne(deps: UploadDeps, checked: CheckedFile, toolResource?: ToolResource) {
  const { file, type } = checked;
  const tempId = uuid();
  const image = type.startsWith('image/');
  let preview = image ? URL.createObjectURL(file) : undefined;
  deps.add({
    tempId,
    file_id: null,
    filename: file.name,
    type,
    bytes: file.size,
    progress: UPLOAD_PROGRESS.started,
    preview,
    toolResource: toolResource ?? null,
  });
  const controller = new AbortController();
  controllers.set(tempId, controller);
  const slow = setTimeout(() => deps.onSlow(file.name), slowUploadDelay(file.size));
  try {
    let body: File = file;
    let size: { width: number; height: number } | null = null;
    if (image) {
      const resized = await resizeImage(file, deps.resize);
      if (resized) {
        body = resized.file;
        size = { width: resized.width, height: resized.height };
      } else if (preview) {
        // The browser cannot draw it (HEIC outside Safari; the server makes it a JPEG): the chip
        // shows the file icon rather than a broken image.
        URL.revokeObjectURL(preview);
        preview = undefined;
      }
      deps.patch(tempId, { progress: UPLOAD_PROGRESS.imageMeasured, bytes: body.size, preview, ...size });
    }
    const result = await deps.upload({
      file: body,
      filename: file.name,
      tempId,
      ...deps.target,
      ...(size ?? {}),
      toolResource: toolResource ?? (image ? 'image' : undefined),
      signal: controller.signal,
    });
    if (controller.signal.aborted) return;
    deps.patch(tempId, {
      file_id: result.file_id,
      filepath: result.filepath,
      type: result.type,
      bytes: result.bytes,
      width: result.width ?? size?.width,
      height: result.height ?? size?.height,
      source: result.source,
      embedded: result.embedded,
      toolResource: result.tool_resource,
      progress: UPLOAD_PROGRESS.uploaded,
    });
    setTimeout(() => deps.patch(tempId, { progress: UPLOAD_PROGRESS.done }), UPLOAD_DONE_DELAY_MS);
  } catch (error) {
    const removedByUser = !controllers.has(tempId);
    deps.drop(tempId);
    if (preview) URL.revokeObjectURL(preview);
    // A chip the user removed was canceled on purpose: nothing to tell.
    if (!removedByUser) deps.onError(error, file.name);
  } finally {
    clearTimeout(slow);
    controllers.delete(tempId);
  }
}
