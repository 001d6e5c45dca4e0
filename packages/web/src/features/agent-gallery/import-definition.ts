import { OpenAIAssistantImport } from '@parley/schema';
import { t } from '../../i18n/t.ts';
import '../../i18n/en-agent-gallery.ts';

/** An exported assistant is a few KB; a bigger file is not one (the server's body limit is 3 MB). */
export const IMPORT_MAX_BYTES = 1_000_000;

export type ParsedImport = { ok: true; definition: Record<string, unknown> } | { ok: false; error: string };

/**
 * Reads an exported OpenAI assistant: one object, an array of one, or OpenAI's list answer
 * (`{object:'list', data:[…]}`) holding one. Checked with the import's schema so a wrong file is
 * named before it is sent; the whole object is sent, the server keeps what it knows.
 */
export function parseAssistantJson(text: string): ParsedImport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: t('com_gallery_import_invalid_json') };
  }
  if (
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Array.isArray((value as { data?: unknown }).data)
  )
    value = (value as { data: unknown[] }).data;
  if (Array.isArray(value)) {
    if (value.length !== 1) return { ok: false, error: t('com_gallery_import_one') };
    value = value[0];
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, error: t('com_gallery_import_invalid', { 0: typeof value }) };
  const checked = OpenAIAssistantImport.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue?.path.join('.') || 'value';
    return { ok: false, error: t('com_gallery_import_invalid', { 0: `${where}: ${issue?.message ?? ''}` }) };
  }
  return { ok: true, definition: value as Record<string, unknown> };
}
