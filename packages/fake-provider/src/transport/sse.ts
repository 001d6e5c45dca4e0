import type { Frame } from '../dialect.ts';

/** `data:`-only framing (OpenAI chat, compatible servers, Gemini). */
export const dataFrame = (json: unknown, eol = '\n\n'): Frame => `data: ${JSON.stringify(json)}${eol}`;

/** Named-event framing (Anthropic, Responses): the Anthropic SDK drops `data:` without a known `event:`. */
export const eventFrame = (event: string, json: unknown): Frame =>
  `event: ${event}\ndata: ${JSON.stringify(json)}\n\n`;

export const SSE_CONTENT_TYPE = 'text/event-stream; charset=utf-8';
