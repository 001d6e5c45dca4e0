import { expect, type Locator, type Page } from '@playwright/test';

/** A conversation row's menu (the ⋯ button or a right click), open. */
export class ConvoMenu {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('convo-menu');
  }

  /** Starts an inline rename; returns the title field (focused). */
  async startRename(): Promise<Locator> {
    await this.page.getByTestId('convo-rename').click();
    const input = this.page.getByTestId('convo-rename-input');
    await expect(input).toBeFocused();
    return input;
  }
  async rename(title: string) {
    const input = await this.startRename();
    await input.fill(title);
    await input.press('Enter');
  }
  async duplicate() {
    await this.page.getByTestId('convo-duplicate').click();
  }
  async share() {
    await this.page.getByTestId('convo-share').click();
  }
  async archive() {
    await this.page.getByTestId('convo-archive').click();
  }
  /** Asks to delete; returns the confirmation dialog (Cancel, or its confirm button). */
  async delete(): Promise<Locator> {
    await this.page.getByTestId('convo-delete').click();
    return this.page.getByTestId('delete-convo-dialog');
  }
}

/** One conversation in the sidebar list. */
export class ConvoRow {
  constructor(
    readonly page: Page,
    /** The link: carries the title, `aria-current` when open, and double-click rename. */
    readonly link: Locator,
    /** The whole row, with its menu button. */
    readonly item: Locator,
  ) {}

  async open() {
    await this.link.click();
  }
  async openMenu(): Promise<ConvoMenu> {
    await this.item.hover();
    await this.item.getByTestId('convo-menu-button').click();
    const menu = new ConvoMenu(this.page);
    await expect(menu.root).toBeVisible();
    return menu;
  }
  async openContextMenu(): Promise<ConvoMenu> {
    await this.item.click({ button: 'right' });
    const menu = new ConvoMenu(this.page);
    await expect(menu.root).toBeVisible();
    return menu;
  }
  async rename(title: string) {
    await (await this.openMenu()).rename(title);
  }
}

/** The account button at the foot of the sidebar and its menu. */
export class AccountMenu {
  constructor(readonly page: Page) {}

  get button(): Locator {
    return this.page.getByTestId('account-menu');
  }
  get avatar(): Locator {
    return this.button.getByTestId('user-avatar');
  }
  /** Shown in the open menu when balances are on. */
  get balance(): Locator {
    return this.page.getByTestId('balance');
  }

  async open() {
    await this.button.click();
  }
  async openSettings() {
    await this.open();
    await this.page.getByTestId('open-settings').click();
  }
  async openAdmin() {
    await this.open();
    await this.page.getByTestId('open-admin').click();
  }
  async logOut() {
    await this.open();
    await this.page.getByTestId('logout').click();
    await expect(this.page).toHaveURL(/\/login$/);
  }
}

/** The sidebar: new chat, search, bookmark filter, the conversation list and the account menu. */
export class Sidebar {
  readonly accountMenu: AccountMenu;

  constructor(readonly page: Page) {
    this.accountMenu = new AccountMenu(page);
  }

  get rows(): Locator {
    return this.page.getByTestId('convo-row');
  }
  get searchInput(): Locator {
    return this.page.getByTestId('search-input');
  }
  get bookmarkFilterButton(): Locator {
    return this.page.getByTestId('bookmark-filter-button');
  }

  /** The row of a conversation, by id (titles are generated, ids are stable). */
  convo(id: string): ConvoRow {
    return new ConvoRow(
      this.page,
      this.page.locator(`[data-testid="convo-row"][data-convo-id="${id}"]`),
      this.page.locator(`[data-testid="convo-row-item"][data-convo-id="${id}"]`),
    );
  }
  /** The row whose title contains `title`. */
  convoTitled(title: string): ConvoRow {
    const link = this.rows.filter({ hasText: title });
    return new ConvoRow(this.page, link, this.page.getByTestId('convo-row-item').filter({ has: link }));
  }

  async newChat() {
    await this.page.getByTestId('new-chat').first().click();
  }
  async openConversation(title: string) {
    await this.convoTitled(title).open();
  }
  /** Show only the conversations with this bookmark. */
  async filterByBookmark(tag: string) {
    await this.bookmarkFilterButton.click();
    await this.page.locator(`[data-testid="bookmark-filter-item"][data-tag="${tag}"]`).click();
    await this.page.keyboard.press('Escape');
  }
}
