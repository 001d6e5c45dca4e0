import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { FAKE_URL } from './servers.ts';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Make the fake provider answer exactly `prompt` (not the title request quoting it) with `reply`,
 * word by word at `tokensPerSec`.
 */
export async function queueReply(page: Page, prompt: string, reply: string, tokensPerSec = 80) {
  const res = await page.request.post(`${FAKE_URL}/__fake/scenarios`, {
    data: {
      match: { match: { lastUserText: { regex: `^${escapeRegExp(prompt)}$` } } },
      script: { steps: [{ type: 'text', text: reply }], timing: { chunking: 'word', tokensPerSec } },
    },
  });
  expect(res.status()).toBe(200);
}
