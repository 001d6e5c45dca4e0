import { create } from 'zustand';
import { readJson, writeJson } from '../../lib/storage.ts';

/**
 * The prompts editor's mode (doc 2 §4.7), remembered locally: simple hides the versions and makes
 * every saved edit production; advanced shows the versions, make-production and the
 * always-make-production toggle.
 */
export type EditorMode = 'simple' | 'advanced';

const KEY = 'prompts:editor';

type Stored = { mode: EditorMode; alwaysMakeProduction: boolean };

type EditorModeState = Stored & {
  setMode: (mode: EditorMode) => void;
  setAlwaysMakeProduction: (on: boolean) => void;
};

function initial(): Stored {
  const stored = readJson<Partial<Stored>>(KEY);
  const mode = stored?.mode === 'advanced' ? 'advanced' : 'simple';
  return {
    mode,
    // Simple always makes production; advanced keeps the user's choice (on unless turned off).
    alwaysMakeProduction: mode === 'simple' ? true : stored?.alwaysMakeProduction !== false,
  };
}

export const useEditorMode = create<EditorModeState>()((set, get) => ({
  ...initial(),
  setMode: (mode) => {
    // Choosing simple also sets always-make-production (doc 2 §4.7).
    const next = { mode, alwaysMakeProduction: mode === 'simple' ? true : get().alwaysMakeProduction };
    writeJson(KEY, next);
    set(next);
  },
  setAlwaysMakeProduction: (on) => {
    const next = { mode: get().mode, alwaysMakeProduction: on };
    writeJson(KEY, next);
    set(next);
  },
}));
