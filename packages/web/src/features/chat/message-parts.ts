import type { Message } from '@parley/schema';

/** The text of a message's text parts only ('' when it has none). */
export function partsText(message: Message): string {
  let out = '';
  for (const part of message.content ?? []) if (part.type === 'text') out += part.text;
  return out;
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

/** The raw error text of an error message (an error part, or the text). */
export function errorText(message: Message): string {
  for (const part of message.content ?? []) if (part.type === 'error') return part.error;
  return message.text ?? '';
}
