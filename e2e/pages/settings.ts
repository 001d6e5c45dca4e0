import { expect, type Locator, type Page } from '@playwright/test';
import { AccountMenu } from './sidebar.ts';

/** The settings dialog's tabs, by the names they show, and their test ids. */
const TABS = {
  General: 'general',
  Chat: 'chat',
  'Data controls': 'data',
  Commands: 'commands',
  Artifacts: 'artifacts',
  Account: 'account',
} as const;
export type SettingsTab = keyof typeof TABS;

/** The settings dialog, opened from the account menu. */
export class SettingsDialog {
  constructor(readonly page: Page) {}

  get tabs(): Locator {
    return this.page.getByTestId('settings-tabs');
  }
  tabButton(name: SettingsTab): Locator {
    return this.page.getByTestId(`settings-tab-${TABS[name]}`);
  }
  /** A preference row's control, by the name in its test id (`setting-<name>`). */
  setting(name: string): Locator {
    return this.page.getByTestId(`setting-${name}`);
  }
  /** A switch by its label, for rows that have no test id. */
  switch(label: string | RegExp): Locator {
    return this.page.getByRole('switch', { name: label });
  }

  /** Open the dialog (on General, or on `tab`). */
  async open(tab?: SettingsTab) {
    await new AccountMenu(this.page).openSettings();
    await expect(this.tabs).toBeVisible();
    if (tab) await this.tab(tab);
  }
  async tab(name: SettingsTab) {
    await this.tabButton(name).click();
    await expect(this.tabButton(name)).toHaveAttribute('data-state', 'active');
  }
  /** Escape closes the dialog (an inner dialog must be closed first). */
  async close() {
    await this.page.keyboard.press('Escape');
    await expect(this.tabs).toHaveCount(0);
  }

  /** General → Archived chats: the manager dialog. */
  async openArchived(): Promise<Locator> {
    await this.page.getByTestId('archived-manage').click();
    return this.page.getByTestId('archived-dialog');
  }
  /** Data controls → Shared links: the manager dialog's rows are then on the page. */
  async openSharedLinks() {
    await this.tab('Data controls');
    await this.page.getByTestId('open-shared-links').click();
  }
}
