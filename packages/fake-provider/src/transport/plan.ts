import { type NormalizedRequest, promptChars } from '../normalized.ts';
import type { Chunking, ErrorKind, FaultKind, FinishReason, ResolvedUsage, Script } from '../script.ts';
import { chunkText, estimateTokens } from '../tokens.ts';

export type ContentItem =
  | { type: 'reasoning'; text: string; signature?: string; redacted?: boolean }
  | { type: 'text'; text: string }
  | { type: 'tool_call'; id?: string; name: string; args: Record<string, unknown> };

export type ControlItem =
  | { type: 'error'; kind: ErrorKind; message?: string }
  | { type: 'fault'; kind: FaultKind; ms?: number };

export type Item = ContentItem | ControlItem;

export const isContent = (i: Item): i is ContentItem =>
  i.type === 'reasoning' || i.type === 'text' || i.type === 'tool_call';

/** A script laid out as the stream will send it: chunked content with errors and faults in place. */
export interface Plan {
  /** Replaces the stream entirely: an HTTP error or an HTML 502. */
  preHeaders?: ControlItem;
  items: Item[];
  finish: FinishReason;
  usage: ResolvedUsage;
}

export function planScript(script: Script, req: NormalizedRequest, chunking: Chunking = 'word'): Plan {
  const content: ContentItem[] = [];
  const placed: { at: number; item: ControlItem }[] = [];
  let preHeaders: ControlItem | undefined;
  let textChars = 0;
  let reasoningChars = 0;

  for (const step of script.steps) {
    if (step.type === 'reasoning') {
      reasoningChars += step.text.length;
      // Redacted thinking is one opaque block; it is never split.
      if (step.redacted) content.push({ type: 'reasoning', text: step.text, redacted: true });
      else
        for (const text of chunkText(step.text, chunking))
          content.push({ type: 'reasoning', text, ...(step.signature ? { signature: step.signature } : {}) });
    } else if (step.type === 'text') {
      textChars += step.text.length;
      for (const text of chunkText(step.text, chunking)) content.push({ type: 'text', text });
    } else if (step.type === 'tool_call') {
      textChars += step.name.length + JSON.stringify(step.args).length;
      content.push({ type: 'tool_call', id: step.id, name: step.name, args: step.args });
    } else if (step.type === 'error') {
      const item: ControlItem = {
        type: 'error',
        kind: step.kind,
        ...(step.message ? { message: step.message } : {}),
      };
      // An error with nothing before it is an HTTP error, as real APIs fail before streaming.
      if (step.at === 'headers' || (step.at === undefined && content.length === 0)) preHeaders ??= item;
      else placed.push({ at: step.at ?? content.length, item });
    } else {
      const item: ControlItem = {
        type: 'fault',
        kind: step.kind,
        ...(step.ms !== undefined ? { ms: step.ms } : {}),
      };
      if (step.kind === 'html_502') preHeaders ??= item;
      else placed.push({ at: step.at ?? content.length, item });
    }
  }

  const items: Item[] = [];
  const sorted = placed
    .map((p) => ({ ...p, at: Math.min(p.at, content.length) }))
    .sort((a, b) => a.at - b.at);
  let k = 0;
  content.forEach((c, i) => {
    while (k < sorted.length && sorted[k].at === i) items.push(sorted[k++].item);
    items.push(c);
  });
  while (k < sorted.length) items.push(sorted[k++].item);

  const u = script.usage ?? {};
  return {
    preHeaders,
    items,
    finish: script.finish ?? (content.some((c) => c.type === 'tool_call') ? 'tool' : 'stop'),
    usage: {
      input: u.input ?? estimateTokens(promptChars(req)),
      output: u.output ?? estimateTokens(textChars),
      reasoning: u.reasoning ?? estimateTokens(reasoningChars),
      cacheRead: u.cacheRead ?? 0,
    },
  };
}
