import type { Page } from '@playwright/test';

/**
 * Layout checks for side panels at a phone's and a desktop's size: nothing wider than the screen,
 * the panel or its card, no text running out of a button, tap targets of at least 32 px
 * (switches 24 px: their labels toggle them too).
 */

export const SIZES = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** Open a side panel entry: the header button on wide screens, the more menu on small ones. */
export async function openSidePanel(page: Page, panel: 'agents' | 'assistants' | 'prompts'): Promise<void> {
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    await page.getByTestId('chat-more').click();
    await page.getByTestId(`more-${panel}`).click();
  } else await page.getByTestId(`${panel}-panel-button`).click();
}

/** What is wrong with the open side panel's layout, one line each; empty when it fits. */
export function layoutProblems(page: Page): Promise<string[]> {
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
      // Hidden and screen-reader-only elements take no room; aria-hidden ones (a switch's form
      // input) are not shown.
      if (r.width <= 1 || r.height <= 1 || el.closest('[aria-hidden=true]')) continue;
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
