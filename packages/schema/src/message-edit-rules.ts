import type { ContentPart } from './message.ts';

/** Message edit rules shared by client and server, free of zod (the chat view loads them). */

/** Doc 2 §5.10: the text is required. */
export const MESSAGE_TEXT_REQUIRED = 'The text is required.';

/**
 * Edit is offered for openAI, custom, google, agents, bedrock, anthropic, gptPlugins and azureOpenAI
 * (doc 3 §6). Custom endpoints carry their own names, so the rule is written as the exclusions.
 */
const NOT_EDITABLE_ENDPOINTS: readonly string[] = ['assistants', 'azureAssistants', 'chatGPTBrowser'];

/** Whether a message sent through `endpoint` offers Edit. */
export function canEditEndpoint(endpoint: string | null | undefined): boolean {
  return !endpoint || !NOT_EDITABLE_ENDPOINTS.includes(endpoint);
}

type Editable = { text: string; content: readonly ContentPart[] | null | undefined };

/** The joined text of the text parts: what a message's `text` holds when it has content parts. */
export function textOfParts(parts: readonly ContentPart[]): string {
  let out = '';
  for (const p of parts) if (p.type === 'text') out += p.text;
  return out;
}

/**
 * Apply an edit to a message's text and content parts. Whole-text edits of a message with parts
 * replace its text parts with one (where the first was) and keep think, tool and other parts as
 * they are; an indexed edit changes one text or think part. Returns null for an index that does
 * not name a text or think part.
 */
export function applyMessageEdit(
  message: Editable,
  edit: { text: string; index?: number },
): { text: string; content: ContentPart[] | null } | null {
  const parts = message.content ?? null;
  if (edit.index !== undefined) {
    const part = parts?.[edit.index];
    if (!parts || !part || (part.type !== 'text' && part.type !== 'think')) return null;
    const next = parts.map((p, i) =>
      i !== edit.index
        ? p
        : p.type === 'think'
          ? { type: 'think' as const, think: edit.text }
          : { type: 'text' as const, text: edit.text },
    );
    return { text: textOfParts(next), content: next };
  }
  if (!parts || parts.length === 0) return { text: edit.text, content: parts ? [] : null };
  const next: ContentPart[] = [];
  let placed = false;
  for (const p of parts) {
    if (p.type !== 'text') next.push(p);
    else if (!placed) {
      next.push({ type: 'text', text: edit.text });
      placed = true;
    }
  }
  if (!placed) next.push({ type: 'text', text: edit.text });
  return { text: edit.text, content: next };
}
