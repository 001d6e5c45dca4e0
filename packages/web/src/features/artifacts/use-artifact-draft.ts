import { ARTIFACT_SAVE_DEBOUNCE_MS } from '@parley/schema';
import { useEffect, useState } from 'react';
import type { ArtifactEdit } from '../../api/artifacts.ts';
import type { Artifact } from './artifacts.ts';

export type DraftStatus = 'idle' | 'saving' | 'saved' | 'error';

/**
 * Whether an edited draft is saved now (doc 3 §4 "Artifact edits"): only when it differs from the
 * artifact's code and the editor is neither read-only (the reply still streams) nor busy saving.
 */
export function shouldSave(draft: string, original: string, readOnly: boolean, busy: boolean): boolean {
  return !readOnly && !busy && draft !== original;
}

type Local = { id: string | null; text: string; base: string };

/**
 * The code tab's text: it follows the artifact until the user types, then is saved 500 ms after
 * the last change (doc 3 §5) through `save`.
 */
export function useArtifactDraft(
  current: Artifact | null,
  readOnly: boolean,
  save: (edit: ArtifactEdit) => Promise<unknown>,
): { text: string; status: DraftStatus; change: (text: string) => void } {
  const [local, setLocal] = useState<Local>({ id: null, text: '', base: '' });
  const [status, setStatus] = useState<DraftStatus>('idle');
  const content = current?.content ?? '';
  const id = current?.id ?? null;

  // Derived state: another artifact, or new code from the stream while the user has not typed.
  let view = local;
  if (local.id !== id || (local.text === local.base && content !== local.base)) {
    view = { id, text: content, base: content };
    setLocal(view);
  } else if (local.text === content && local.base !== content) {
    // The saved edit came back as the artifact's code.
    view = { ...local, base: content };
    setLocal(view);
  }

  const busy = status === 'saving';
  useEffect(() => {
    if (!current || !shouldSave(view.text, current.content, readOnly, busy)) return;
    const edit = {
      messageId: current.messageId,
      index: current.index,
      original: current.content,
      updated: view.text,
    };
    const timer = setTimeout(() => {
      setStatus('saving');
      save(edit).then(
        () => setStatus('saved'),
        () => setStatus('error'),
      );
    }, ARTIFACT_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [view.text, current, readOnly, busy, save]);

  return {
    text: view.text,
    status,
    change: (text) => {
      if (readOnly || !current) return;
      setLocal({ id: current.id, text, base: view.base });
    },
  };
}
