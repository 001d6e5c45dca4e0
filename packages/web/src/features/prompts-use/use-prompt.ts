import { recordPromptUse } from '../../api/prompts.ts';
import { useSession } from '../../store/session.ts';
import type { UsablePrompt } from './filter.ts';
import { type Deliver, usePendingPrompt } from './pending-prompt.ts';
import { fillVariables, hasVariables, type SpecialContext } from './variables.ts';

/** The signed-in user's name and today, for {{current_user}} and {{current_date}}. */
export function specialContext(now = new Date()): SpecialContext {
  const user = useSession.getState().user;
  return { userName: user?.name || user?.username || '', now };
}

/**
 * Use a prompt (doc 2 §2.5, §5.9): a blank one does nothing (false); one with variables opens
 * the variables dialog, which delivers the filled text; any other is delivered at once, with
 * {{current_date}} and {{current_user}} filled. Each delivered use is counted.
 */
export function applyPrompt(prompt: UsablePrompt, deliver: Deliver): boolean {
  if (!prompt.text.trim()) return false;
  if (hasVariables(prompt.text)) {
    usePendingPrompt.getState().open(prompt, deliver);
    return true;
  }
  deliverFilled(prompt, {}, deliver);
  return true;
}

/** Fill, deliver and count (the dialog's submit ends here too). */
export function deliverFilled(
  prompt: UsablePrompt,
  values: Readonly<Record<string, string>>,
  deliver: Deliver,
): void {
  deliver(fillVariables(prompt.text, values, specialContext()));
  // Counted for the library's statistics; a failure never holds the prompt back.
  void recordPromptUse(prompt.groupId).catch(() => {});
}

/**
 * Where a popover choice goes: sent when auto-send is on and the chat can send now, otherwise
 * into the composer.
 */
export function composerDeliver(
  autoSend: boolean,
  composer: { send: (text: string) => boolean; insert: (text: string) => void },
): Deliver {
  return (text) => {
    if (autoSend && composer.send(text)) return;
    composer.insert(text);
  };
}
