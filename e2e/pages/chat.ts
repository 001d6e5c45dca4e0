import { expect, type Locator, type Page } from '@playwright/test';

/** A saved conversation's address. A new chat gets it once its first reply is saved. */
export const SAVED_CHAT_URL = /\/chat\/[0-9a-f-]{36}$/;

/** The editor that replaces a message's text while it is edited. */
export class MessageEditor {
  constructor(readonly root: Locator) {}

  get input(): Locator {
    return this.root.getByTestId('message-editor-input');
  }
  get saveButton(): Locator {
    return this.root.getByTestId('edit-save');
  }
  get submitButton(): Locator {
    return this.root.getByTestId('edit-submit');
  }

  async save() {
    await this.saveButton.click();
  }
  /** Save & Submit: a new branch for a user message, a continued reply for the latest AI one. */
  async submit() {
    await this.submitButton.click();
  }
  async cancel() {
    await this.root.getByTestId('edit-cancel').click();
  }
}

/** One message of the thread and what a person can do to it (its actions show on hover). */
export class ChatMessage {
  constructor(readonly root: Locator) {}

  get text(): Locator {
    return this.root.getByTestId('message-text');
  }
  get siblingCounter(): Locator {
    return this.root.getByTestId('sibling-counter');
  }

  /** Opens the editor (focused on its text). */
  async edit(): Promise<MessageEditor> {
    await this.root.hover();
    await this.root.getByTestId('edit-button').click();
    const editor = new MessageEditor(this.root.getByTestId('message-editor'));
    await expect(editor.input).toBeFocused();
    return editor;
  }
  async regenerate() {
    await this.root.hover();
    await this.root.getByTestId('regenerate-button').click();
  }
  async continue() {
    await this.root.getByTestId('continue-button').click();
  }
  /** The sibling arrows: show the previous version of this message. */
  async previousVersion() {
    await this.root.hover();
    await this.root.getByRole('button', { name: 'Previous' }).click();
  }
  /** Fork from this message with one of the fork popover's options (e.g. `directPath`). */
  async fork(option: string) {
    await this.root.hover();
    await this.root.getByTestId('fork-button').click();
    await expect(this.root.page().getByTestId('fork-popover')).toBeVisible();
    await this.root.page().getByTestId(`fork-option-${option}`).click();
  }
}

/** The chat screen: composer, thread and model picker. */
export class ChatPage {
  constructor(readonly page: Page) {}

  get input(): Locator {
    return this.page.getByTestId('composer-input');
  }
  get sendButton(): Locator {
    return this.page.getByTestId('send-button');
  }
  get stopButton(): Locator {
    return this.page.getByTestId('stop-button');
  }
  get modelPicker(): Locator {
    return this.page.getByTestId('model-picker');
  }
  get messageList(): Locator {
    return this.page.getByTestId('message-list');
  }
  get messages(): Locator {
    return this.page.getByTestId('message');
  }
  get userMessages(): Locator {
    return this.page.locator('[data-testid="message"][data-role="user"]');
  }
  get assistantMessages(): Locator {
    return this.page.locator('[data-testid="message"][data-role="assistant"]');
  }
  /** The editor of whichever message is being edited. */
  get editor(): Locator {
    return this.page.getByTestId('message-editor');
  }

  lastUserMessage(): ChatMessage {
    return new ChatMessage(this.userMessages.last());
  }
  lastAssistantMessage(): ChatMessage {
    return new ChatMessage(this.assistantMessages.last());
  }
  assistantMessage(index: number): ChatMessage {
    return new ChatMessage(this.assistantMessages.nth(index));
  }
  /** The message with this id, wherever it is in the thread. */
  message(id: string): ChatMessage {
    return new ChatMessage(this.page.locator(`[data-testid="message"][data-message-id="${id}"]`));
  }
  /** The text of the latest reply: what most checks read. */
  get lastAssistantText(): Locator {
    return this.lastAssistantMessage().text;
  }

  /** The id in the address (the last path segment: a conversation id, or `new`). */
  get conversationId(): string {
    return new URL(this.page.url()).pathname.split('/').pop() as string;
  }

  async goto(conversationId = 'new') {
    await this.page.goto(`/chat/${conversationId}`);
  }

  /** Type into the composer and press the send button; does not wait for the reply. */
  async send(text: string) {
    await this.input.fill(text);
    await this.sendButton.click();
  }

  /** Send, then wait until the new reply is in the thread and has finished. */
  async sendAndWait(text: string) {
    const before = await this.assistantMessages.count();
    await this.send(text);
    await expect(this.assistantMessages).toHaveCount(before + 1);
    await this.waitForReply();
  }

  /**
   * Wait until the latest reply has finished: the composer offers to send again and the reply
   * no longer streams. Call it once the reply is on screen (after `send`, prefer `sendAndWait`:
   * the send button alone may still show before a stream starts).
   */
  async waitForReply(options?: { timeout?: number }) {
    await expect(this.sendButton).toBeVisible(options);
    await expect(this.assistantMessages.last()).not.toHaveAttribute('data-streaming', options);
  }

  /** Wait until the conversation is saved (its address has the id) and idle; returns the id. */
  async waitForSaved(options?: { timeout?: number }): Promise<string> {
    await expect(this.page).toHaveURL(SAVED_CHAT_URL, options);
    await expect(this.sendButton).toBeVisible(options);
    return this.conversationId;
  }

  async stop() {
    await this.stopButton.click();
  }

  /** Choose a model through the picker's search. */
  async pickModel(endpoint: string, model: string) {
    await this.modelPicker.click();
    await this.page.getByTestId('model-search').fill(model);
    await this.page
      .locator(`[data-testid="model-option"][data-endpoint="${endpoint}"][data-model="${model}"]`)
      .click();
    await expect(this.modelPicker).toContainText(model);
  }

  /** Choose the first model the picker lists under an endpoint. */
  async pickFirstModelOf(endpoint: string) {
    await this.modelPicker.click();
    await this.page.locator(`[data-testid="endpoint-option"][data-endpoint="${endpoint}"]`).hover();
    await this.page.locator(`[data-testid="model-option"][data-endpoint="${endpoint}"]`).first().click();
  }
}
