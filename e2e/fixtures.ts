import { test as base } from '@playwright/test';
import { ChatPage } from './pages/chat.ts';
import { SettingsDialog } from './pages/settings.ts';
import { Sidebar } from './pages/sidebar.ts';

/**
 * Playwright's `test` with the page objects of the test's `page` as fixtures: a spec asks for
 * `{ chat, sidebar, settings }` beside `page`. Pages a test opens itself get `new ChatPage(p)`.
 */
export const test = base.extend<{ chat: ChatPage; sidebar: Sidebar; settings: SettingsDialog }>({
  chat: async ({ page }, use) => use(new ChatPage(page)),
  sidebar: async ({ page }, use) => use(new Sidebar(page)),
  settings: async ({ page }, use) => use(new SettingsDialog(page)),
});

export { expect } from '@playwright/test';
