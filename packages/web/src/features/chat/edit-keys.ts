/** What a key press in the message editor does (doc 2 §4.11). */
export type EditKeyAction = 'submit' | 'save' | 'cancel' | null;

type KeyLike = { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; isComposing?: boolean };

/**
 * Ctrl/Cmd+Enter resubmits (or saves where resubmitting is not offered, an AI message), Shift+Enter
 * saves in place, Escape cancels; a plain Enter is a new line. Keys inside an IME composition are
 * left to the input method.
 */
export function editKeyAction(e: KeyLike, canSubmit: boolean): EditKeyAction {
  if (e.isComposing) return null;
  if (e.key === 'Escape') return 'cancel';
  if (e.key !== 'Enter') return null;
  if (e.ctrlKey || e.metaKey) return canSubmit ? 'submit' : 'save';
  if (e.shiftKey) return 'save';
  return null;
}
