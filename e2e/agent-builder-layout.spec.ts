import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { apiToken, signIn } from './helpers.ts';

/**
 * The agent builder fits the panel it is in, on a phone (375 px: the panel is an overlay) and on a
 * desktop (1280 px: the panel is its narrowest, 20 percent): nothing wider than the panel or
 * spilling out of its card, no text running out of a button, tap targets of at least 32 px
 * (switches 24 px: their labels toggle them too). Checked on the builder (new and saved agent,
 * with a file), model and advanced sub-panels.
 */

test.describe.configure({ mode: 'parallel' });

/** What is wrong with the open side panel's layout, one line each; empty when it fits. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const panel = document.querySelector('[data-testid=side-panel]');
    if (!panel) return ['no side panel'];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}[${el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30)}]`;
    const box = panel.getBoundingClientRect();
    if (box.left < 0 || box.right > window.innerWidth) problems.push('the panel is wider than the screen');
    for (const el of panel.querySelectorAll<HTMLElement>('*')) {
      const r = el.getBoundingClientRect();
      // Hidden and screen-reader-only elements take no room.
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5) problems.push(`${name(el)} leaves the panel`);
      const card = el.parentElement?.closest('section');
      if (card) {
        const c = card.getBoundingClientRect();
        if (r.left < c.left - 0.5 || r.right > c.right + 0.5) problems.push(`${name(el)} leaves its card`);
      }
      const overflowX = getComputedStyle(el).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1)
        problems.push(`${name(el)} scrolls sideways`);
      if (el.matches('button')) {
        const min = el.getAttribute('role') === 'switch' ? 24 : 32;
        if (r.height < min || r.width < min)
          problems.push(`${name(el)} is ${Math.round(r.width)}×${Math.round(r.height)}`);
        if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
          problems.push(`${name(el)}'s content runs out of it`);
      }
      if (el.matches('select, input:not([type=range]):not([type=file]), textarea') && r.height < 32)
        problems.push(`${name(el)} is ${Math.round(r.height)} px high`);
    }
    return problems;
  });
}

const SIZES = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const size of SIZES) {
  test(`the agent builder's sub-panels fit at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const account = await signIn(page);
    const token = await apiToken(page, account);
    const headers = { authorization: `Bearer ${token}` };
    const name = 'An agent whose name is much longer than the panel is wide';
    const created = await page.request.post('/api/agents', {
      headers,
      data: { name, instructions: 'Help.', provider: 'openAI', model: 'gpt-4o', tools: ['file_search'] },
    });
    expect(created.status()).toBe(201);
    const agentId = (await created.json()).id as string;
    const upload = await page.request.post('/api/files', {
      headers,
      multipart: {
        file_id: crypto.randomUUID(),
        endpoint: 'agents',
        agent_id: agentId,
        tool_resource: 'file_search',
        file: {
          name: 'quarterly-orchard-maintenance-notes-for-the-gardeners.txt',
          mimeType: 'text/plain',
          buffer: Buffer.from('Prune the pears in February.\n'),
        },
      },
    });
    expect(upload.ok(), await upload.text()).toBe(true);

    await page.reload();
    if (size.width < 768) {
      await page.getByTestId('chat-more').click();
      await page.getByTestId('more-agents').click();
    } else await page.getByTestId('agents-panel-button').click();
    const builder = page.getByTestId('agent-builder');
    await expect(builder).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);

    await page.getByTestId('agent-select').selectOption({ label: name });
    await expect(builder.getByTestId('agent-file')).toContainText('quarterly-orchard');
    await expect(builder.getByTestId('agent-history')).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);

    await builder.getByTestId('agent-open-model').click();
    await expect(page.getByTestId('agent-model-panel')).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
    await page.getByTestId('agent-subpanel-back').click();
    await page.getByTestId('agent-open-advanced').click();
    await expect(page.getByTestId('agent-chain')).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
  });
}
