import { type ChatError, type Message, parseChatErrorText, type ToolCall } from '@parley/schema';

/** The text of a message's text parts only ('' when it has none). */
export function partsText(message: Message): string {
  let out = '';
  for (const part of message.content ?? []) if (part.type === 'text') out += part.text;
  return out;
}

/**
 * The content part the answer text starts at (0 when the text is `text`, not parts): runs of its
 * code blocks are stored under it (doc 2 §7 partIndex).
 */
export function answerPartIndex(message: Message): number {
  return Math.max(0, message.content?.findIndex((p) => p.type === 'text') ?? 0);
}

/** The answer text of a message: its text parts, or `text` when it has none. */
export function answerText(message: Message): string {
  return message.content?.some((p) => p.type === 'text') ? partsText(message) : (message.text ?? '');
}

/** The reasoning ("think") text of a message. */
export function thinkText(message: Message): string {
  let out = '';
  for (const part of message.content ?? []) if (part.type === 'think') out += part.think;
  return out;
}

/**
 * The error of an error message. Stored replies hold it as LibreChat's text (an error part, or
 * the text); this is the one place the client reads that text back into a value.
 */
export function messageError(message: Message): ChatError {
  for (const part of message.content ?? []) if (part.type === 'error') return parseChatErrorText(part.error);
  return parseChatErrorText(message.text ?? '');
}

/** An image shown in a message (an image part or an attached file). */
export type ShownImage = { src: string | undefined; name: string; width?: number; height?: number };

/** One piece of a message in display order; neighbouring text (or think) parts are joined. */
export type Segment =
  /** `part`: the content part the segment starts at. */
  | { kind: 'text'; text: string; part: number }
  | { kind: 'think'; text: string; part: number }
  | { kind: 'tool'; call: ToolCall }
  | { kind: 'agent'; agentId: string }
  | { kind: 'image'; image: ShownImage };

/** Whether a message has parts beyond text, think and error: those render part by part. */
export function hasRichParts(message: Message): boolean {
  return (message.content ?? []).some(
    (p) =>
      p.type === 'tool_call' ||
      p.type === 'image_file' ||
      p.type === 'image_url' ||
      p.type === 'agent_update',
  );
}

/** Whether an agent run paused on this reply, waiting for the user to approve a tool call. */
export function awaitsApproval(message: Message): boolean {
  return (message.content ?? []).some(
    (p) => p.type === 'tool_call' && p.tool_call.approval === 'pending' && (p.tool_call.progress ?? 0) < 1,
  );
}

/** The message's content parts as display segments, in order (error parts are shown apart). */
export function contentSegments(message: Message): Segment[] {
  const out: Segment[] = [];
  for (const [index, part] of (message.content ?? []).entries()) {
    const last = out[out.length - 1];
    switch (part.type) {
      case 'text':
      case 'think': {
        const text = part.type === 'text' ? part.text : part.think;
        if (last?.kind === part.type) last.text += text;
        else if (text) out.push({ kind: part.type, text, part: index });
        break;
      }
      case 'tool_call':
        out.push({ kind: 'tool', call: part.tool_call });
        break;
      case 'agent_update': {
        // One header per agent change (a saved reply and its stream may both name the same one).
        const { agentId } = part.agent_update;
        if (!(last?.kind === 'agent' && last.agentId === agentId)) out.push({ kind: 'agent', agentId });
        break;
      }
      case 'image_file': {
        const f = part.image_file;
        out.push({
          kind: 'image',
          image: { src: f.filepath, name: f.filename ?? f.file_id, width: f.width, height: f.height },
        });
        break;
      }
      case 'image_url':
        out.push({ kind: 'image', image: { src: part.image_url.url, name: '' } });
        break;
    }
  }
  return out;
}
