import type { Db } from '../db/index.ts';
import { agentSettings } from '../db/repos/agents.ts';
import type { AgentsTable } from '../db/schema.ts';

/**
 * Most characters of file text an agent's instructions gain from its context and OCR files
 * (≈ 25k tokens; value not shown): a long document belongs in file search, not in every request.
 */
export const AGENT_CONTEXT_MAX_CHARS = 100_000;

/**
 * The extracted text of the agent's context files and OCR'd files, each under its file name, in
 * the order they were attached, cut at AGENT_CONTEXT_MAX_CHARS; '' when there is none. The files
 * are read by id whoever uploaded them: attaching checked the uploader, and the agent's sharing
 * decides who runs it. The loop adds this to the agent's instructions.
 */
export async function agentContextText(deps: { db: Db }, agent: AgentsTable): Promise<string> {
  const { context, ocr } = agentSettings(agent).tool_resources;
  const ids = [...new Set([...(context?.file_ids ?? []), ...(ocr?.file_ids ?? [])])];
  if (!ids.length) return '';
  const rows = await deps.db
    .selectFrom('files')
    .innerJoin('file_texts', 'file_texts.file_id', 'files.file_id')
    .select(['files.file_id', 'files.filename', 'file_texts.text'])
    .where('files.file_id', 'in', ids)
    .where('files.status', '=', 'ready')
    .execute();
  const byId = new Map(rows.map((r) => [r.file_id, r]));
  let out = '';
  for (const id of ids) {
    const file = byId.get(id);
    const text = file?.text.trim();
    if (!file || !text) continue;
    const part = `${out ? '\n\n' : ''}# ${file.filename}\n${text}`;
    if (out.length + part.length > AGENT_CONTEXT_MAX_CHARS) {
      out += part.slice(0, AGENT_CONTEXT_MAX_CHARS - out.length);
      break;
    }
    out += part;
  }
  return out;
}
