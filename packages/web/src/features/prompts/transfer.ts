import { PROMPT_EXPORT_FORMAT, type PromptExport, type PromptExportGroup } from '@parley/schema';

/** prompts-yyyy-MM-dd.json */
export function exportFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `prompts-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

type LooseGroup = {
  name?: unknown;
  oneliner?: unknown;
  category?: unknown;
  command?: unknown;
  productionPrompt?: { prompt?: unknown } | null;
  prompts?: unknown;
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * LibreChat's prompt groups as its API answers them (an array, or `{promptGroups: […]}`), each
 * with its production text: one version per group. Anything else is passed on as it is, for the
 * server to check (our own export).
 */
function fromLibreChat(groups: LooseGroup[]): PromptExport {
  return {
    format: PROMPT_EXPORT_FORMAT,
    version: 1,
    groups: groups.map(
      (g): PromptExportGroup => ({
        name: text(g.name),
        oneliner: text(g.oneliner),
        category: text(g.category),
        command: text(g.command),
        prompts: Array.isArray(g.prompts)
          ? (g.prompts as { prompt?: unknown }[]).map((p) => ({ prompt: text(p?.prompt) }))
          : [{ prompt: text(g.productionPrompt?.prompt) }],
      }),
    ),
  };
}

/** The body for POST /api/prompts/import from a file's text, or not JSON. */
export function parseImportFile(raw: string): { ok: true; body: unknown } | { ok: false } {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false };
  }
  if (Array.isArray(data)) return { ok: true, body: fromLibreChat(data as LooseGroup[]) };
  if (data && typeof data === 'object') {
    const record = data as { format?: unknown; promptGroups?: unknown };
    if (record.format === undefined && Array.isArray(record.promptGroups))
      return { ok: true, body: fromLibreChat(record.promptGroups as LooseGroup[]) };
  }
  return { ok: true, body: data };
}
