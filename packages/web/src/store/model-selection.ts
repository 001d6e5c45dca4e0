import { create } from 'zustand';
import { readJson, writeJson } from '../lib/storage.ts';

export type ModelChoice = { endpoint: string; model: string };

const KEY = 'selectedModel';

function readStored(): ModelChoice | null {
  const value = readJson<Partial<ModelChoice>>(KEY);
  return value && typeof value.endpoint === 'string' && typeof value.model === 'string'
    ? { endpoint: value.endpoint, model: value.model }
    : null;
}

type SelectionState = {
  /** What the user picked last (persisted under `selectedModel`); may be stale until validated. */
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
