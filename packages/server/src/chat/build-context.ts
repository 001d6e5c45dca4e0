import type { MessageRow } from '../db/schema.ts';
import type { Turn } from './context-window.ts';

/**
 * The prompt for the provider: the branch from the root to the new user message, as the
 * model's own turns. Error replies and empty turns are left out; think parts are not resent.
 */
export function buildContext(branch: MessageRow[]): Turn[] {
  const out: Turn[] = [];
  for (const m of branch) {
    if (m.error === 1 || !m.text.trim()) continue;
    const files = m.files ? (JSON.parse(m.files) as { file_id?: string }[]) : [];
    out.push({
      role: m.is_created_by_user === 1 ? 'user' : 'assistant',
      text: m.text,
      ...(files.length > 0 ? { files } : {}),
    });
  }
  return out;
}
