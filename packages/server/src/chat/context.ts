import type { ModelMessage } from 'ai';
import type { MessageRow } from '../db/schema.ts';

/**
 * The prompt for the provider: the branch from the root to the new user message, as the
 * model's own turns. Error replies and empty turns are left out; think parts are not resent.
 */
export function buildContext(branch: MessageRow[]): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (const m of branch) {
    if (m.error === 1 || !m.text.trim()) continue;
    out.push(
      m.is_created_by_user === 1 ? { role: 'user', content: m.text } : { role: 'assistant', content: m.text },
    );
  }
  return out;
}
