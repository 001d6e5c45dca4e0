/// <reference lib="webworker" />
import { tokenize } from './highlight-core.ts';

export type HighlightRequest = { id: number; code: string; lang: string };
export type HighlightResponse = { id: number; lines: Awaited<ReturnType<typeof tokenize>> };

self.onmessage = async (event: MessageEvent<HighlightRequest>) => {
  const { id, code, lang } = event.data;
  let lines: HighlightResponse['lines'] = null;
  try {
    lines = await tokenize(code, lang);
  } catch {
    // An unknown or broken grammar leaves the block plain.
  }
  self.postMessage({ id, lines } satisfies HighlightResponse);
};
