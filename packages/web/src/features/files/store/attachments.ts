import type { FileSource, ToolResource } from '@parley/schema';
import { create } from 'zustand';

/** A file in the composer's attached-file area (doc 1 §3 File: progress 0 to 1, attached). */
export type AttachedFile = {
  /** The client's id for the upload; the chip's key for its whole life. */
  tempId: string;
  /** The server's id once uploaded; null while uploading. */
  file_id: string | null;
  filename: string;
  type: string;
  bytes: number;
  width?: number;
  height?: number;
  /** 0.2 started, 0.6 image measured, 0.9 uploaded, 1 done (doc 1 §4). */
  progress: number;
  /** A local object URL of an image, for the chip's thumbnail. */
  preview?: string;
  filepath?: string;
  source?: FileSource;
  embedded?: boolean;
  toolResource?: ToolResource | null;
};

type AttachmentsState = {
  /** Per composer key (the draft key: conversation id, 'new' or 'pending'). */
  byKey: Record<string, AttachedFile[]>;
  add: (key: string, files: AttachedFile[]) => void;
  patch: (key: string, tempId: string, change: Partial<AttachedFile>) => void;
  remove: (key: string, tempId: string) => AttachedFile | undefined;
  /** Take the key's files away (sent, or moved to another key). */
  take: (key: string) => AttachedFile[];
  /** The composer last shown: where the /d/files manager attaches. */
  lastTarget: ComposerTarget | null;
  /** Files the manager attached, waiting for that conversation's composer (null: a new chat). */
  handoff: { conversationId: string | null; files: AttachedFile[] } | null;
};

/** A composer: its chip key, endpoint and conversation. */
export type ComposerTarget = {
  key: string;
  endpoint: string | null;
  endpointType?: string | null;
  conversationId: string | null;
};

const EMPTY: AttachedFile[] = [];

export const useAttachments = create<AttachmentsState>()((set, get) => ({
  byKey: {},
  lastTarget: null,
  handoff: null,
  add: (key, files) => set((s) => ({ byKey: { ...s.byKey, [key]: [...(s.byKey[key] ?? EMPTY), ...files] } })),
  patch: (key, tempId, change) =>
    set((s) => {
      const list = s.byKey[key];
      if (!list?.some((f) => f.tempId === tempId)) return s;
      return {
        byKey: { ...s.byKey, [key]: list.map((f) => (f.tempId === tempId ? { ...f, ...change } : f)) },
      };
    }),
  remove: (key, tempId) => {
    const list = get().byKey[key] ?? EMPTY;
    const removed = list.find((f) => f.tempId === tempId);
    if (removed) set((s) => ({ byKey: { ...s.byKey, [key]: list.filter((f) => f.tempId !== tempId) } }));
    return removed;
  },
  take: (key) => {
    const list = get().byKey[key] ?? EMPTY;
    if (list.length > 0)
      set((s) => {
        const { [key]: _, ...rest } = s.byKey;
        return { byKey: rest };
      });
    return list;
  },
}));

/** The files of one composer (a stable empty list when none). */
export const useAttachedFiles = (key: string) => useAttachments((s) => s.byKey[key] ?? EMPTY);

/** Uploading files keep Send disabled (doc 3 §4 Composer). */
export const isUploading = (files: readonly AttachedFile[]) =>
  files.some((f) => f.progress < 1 || f.file_id === null);

/** Add files from the files table, leaving out those already attached (same server id). */
export function attachExisting(key: string, files: readonly AttachedFile[]): void {
  const state = useAttachments.getState();
  const have = new Set((state.byKey[key] ?? EMPTY).map((f) => f.file_id));
  const fresh = files.filter((f) => !have.has(f.file_id));
  if (fresh.length > 0) state.add(key, fresh);
}
