import { create } from 'zustand';

export type StreamStatus = {
  phase: 'submitting' | 'streaming';
  conversationId: string | null;
  userMessageId: string;
  responseMessageId: string;
};

type StreamsState = {
  /** Live generations by tree key. */
  active: Record<string, StreamStatus>;
  /** New chats whose first exchange finished: tree key → conversation id (the URL moves then). */
  completedNew: Record<string, string>;
  set: (key: string, status: StreamStatus | null) => void;
  markCompletedNew: (key: string, conversationId: string) => void;
  clearCompletedNew: (key: string) => void;
  reset: () => void;
};

export const useStreams = create<StreamsState>()((set) => ({
  active: {},
  completedNew: {},
  set: (key, status) =>
    set((s) => {
      const active = { ...s.active };
      if (status) active[key] = status;
      else delete active[key];
      return { active };
    }),
  markCompletedNew: (key, conversationId) =>
    set((s) => ({ completedNew: { ...s.completedNew, [key]: conversationId } })),
  clearCompletedNew: (key) =>
    set((s) => {
      const completedNew = { ...s.completedNew };
      delete completedNew[key];
      return { completedNew };
    }),
  reset: () => set({ active: {}, completedNew: {} }),
}));

export function useStreamStatus(key: string): StreamStatus | undefined {
  return useStreams((s) => s.active[key]);
}
