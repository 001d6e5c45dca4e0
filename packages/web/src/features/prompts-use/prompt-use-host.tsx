import { useState } from 'react';
import { lazyOnOpen } from '../../lib/lazy-on-open.tsx';
import { usePendingPrompt } from './pending-prompt.ts';

// The dialog loads the first time a prompt with variables is used, off /chat/new's critical path.
const VariablesDialog = lazyOnOpen(() => import('./variables-dialog.tsx'));

/**
 * Hosts the variables dialog of a prompt used from the `/` popover or a prompt card (the chat
 * screen mounts it once). The last prompt stays while the dialog animates closed.
 */
export function PromptUseHost() {
  const pending = usePendingPrompt((s) => s.pending);
  const close = usePendingPrompt((s) => s.close);
  const [shown, setShown] = useState(pending);
  if (pending && pending !== shown) setShown(pending);
  if (!shown) return null;
  return (
    <VariablesDialog
      key={shown.id}
      open={pending !== null}
      prompt={shown.prompt}
      deliver={shown.deliver}
      onClose={close}
    />
  );
}
