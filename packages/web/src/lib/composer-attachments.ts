import type { MessageFile } from '@parley/schema';
import type { DragEvent, ReactNode } from 'react';

/**
 * What the chat composer gets from the files feature (composed in app/, so neither feature
 * imports the other): its buttons and chips, whether uploads are running, the files a send
 * carries, and the drop zone over the chat area.
 */
export type ComposerAttachments = {
  /** The attach button, left of the send button. */
  button: ReactNode;
  /** The attached-file area above the text. */
  area: ReactNode;
  /** The 'Add anything' overlay while files are dragged over the chat (and the type choice). */
  overlay: ReactNode;
  /** Files are uploading: Send waits (doc 3 Composer). */
  busy: boolean;
  /** The uploaded files' ids, for the draft (doc 1 §3 Drafts). */
  fileIds: readonly string[];
  /** The files a send carries now. */
  files: () => MessageFile[];
  /** After a send: the chips go. */
  clear: () => void;
  /** Restore a draft's files. */
  restore: (ids: readonly string[]) => void;
  /** Handlers for the chat area (drag-and-drop). */
  dropZone: {
    onDragEnter: (event: DragEvent) => void;
    onDragOver: (event: DragEvent) => void;
    onDragLeave: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
  };
};
