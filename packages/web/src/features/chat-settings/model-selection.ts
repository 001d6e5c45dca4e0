import { create } from 'zustand';
import type { ChatSettings } from '../../lib/chat-settings.ts';
import { readJson, writeJson } from '../../lib/storage.ts';

/** The last model choice, persisted (doc 3 §3 `selectedModel`: model spec plus endpoint). */
export type ModelChoice = Pick<ChatSettings, 'endpoint' | 'model' | 'spec'>;

const KEY = 'selectedModel';

function readStored(): ModelChoice | null {
  const value = readJson<Partial<ModelChoice>>(KEY);
  if (!value || typeof value.endpoint !== 'string' || typeof value.model !== 'string') return null;
  return {
    endpoint: value.endpoint,
    model: value.model,
    ...(typeof value.spec === 'string' ? { spec: value.spec } : {}),
  };
}

type SelectionState = {
  /** What the user picked last; may be stale until checked against what the server offers. */
  choice: ModelChoice | null;
  choose: (choice: ModelChoice) => void;
};

export const useModelSelection = create<SelectionState>()((set) => ({
  choice: typeof window === 'undefined' ? null : readStored(),
  choose: (choice) => {
    writeJson(KEY, choice);
    set({ choice });
  },
}));
