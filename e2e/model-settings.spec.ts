import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { ChatPage, SAVED_CHAT_URL } from './pages/chat.ts';
import { SettingsDialog } from './pages/settings.ts';
import { AccountMenu } from './pages/sidebar.ts';
import { FAKE_URL, SETTINGS_APP_URL, SETTINGS_START_BALANCE } from './servers.ts';

/**
 * Model settings per chat, end to end: the parameters side panel, modular chat, presets, model
 * specs from librechat.yaml, the simple three-tier picker, chat links and the balance display.
 * What the app sent is read back from the fake provider's request journal: `body` is the wire
 * body as the provider received it, `request` the fake's normalized reading of it.
 */
interface JournalEntry {
  kind: string;
  dialect: string | null;
  path: string;
  rawBody: string;
  body: Record<string, unknown>;
  request?: {
    model: string;
    messages: { role: string; parts: { type: string; text?: string }[] }[];
  };
}

const uid = () => randomUUID().slice(0, 8);

const lastUserText = (e: JournalEntry) =>
  (e.request?.messages.filter((m) => m.role === 'user').at(-1)?.parts ?? [])
    .map((p) => (p.type === 'text' ? (p.text ?? '') : ''))
    .join('')
    .trim();

async function journal(page: Page, dialect: string): Promise<JournalEntry[]> {
  const res = await page.request.get(`${FAKE_URL}/__fake/requests?dialect=${dialect}`);
  return (await res.json()) as JournalEntry[];
}

/** The generation request whose last user message is `prompt` (a title request only quotes it). */
async function sentRequest(page: Page, dialect: string, prompt: string): Promise<JournalEntry> {
  let found: JournalEntry | undefined;
  await expect
    .poll(
      async () => {
        found = (await journal(page, dialect)).find(
          (e) => e.kind === 'generate' && lastUserText(e) === prompt,
        );
        return found !== undefined;
      },
      { message: `no ${dialect} request for "${prompt}"` },
    )
    .toBe(true);
  return found!;
}

/** Send and wait for the whole reply (the fake echoes the prompt by default). */
async function sendAndWait(chat: ChatPage, prompt: string) {
  await chat.sendAndWait(prompt);
  await expect(chat.lastAssistantText).toContainText(prompt);
}

/** A signed-in page on another app (its own browser context, so its own preferences). */
async function signInAt(browser: Browser, app: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: app });
  const page = await context.newPage();
  await signIn(page);
  return page;
}

// Independent tests, each with its own account: let both workers take some.
test.describe.configure({ mode: 'parallel' });

test('parameters panel: OpenAI settings reach the wire body; Anthropic starts from its own defaults and its settings reach it too', async ({
  page,
  chat,
}) => {
  await signIn(page);
  const id = uid();
  await page.getByTestId('parameters-button').click();
  const panel = page.getByTestId('side-panel');
  await expect(panel.getByTestId('parameters-panel')).toBeVisible();
  await expect(panel.getByTestId('parameters-target')).toContainText('gpt-4o');

  // Typing in the slider's box commits after the debounce; the slider follows the committed value.
  await panel.getByTestId('param-temperature').fill('0.7');
  await expect(panel.getByTestId('param-temperature-slider')).toHaveValue('0.7');
  await panel.getByTestId('param-stop').fill('<<halt>>');
  await panel.getByTestId('param-stop').press('Enter');
  await expect(panel.getByTestId('param-stop-tags')).toContainText('<<halt>>');
  await expect(panel.getByTestId('param-stop')).toHaveValue('');

  const first = `Tune OpenAI ${id}`;
  await sendAndWait(chat, first);
  const openai = await sentRequest(page, 'openai-chat', first);
  expect(openai.body).toMatchObject({ model: 'gpt-4o', temperature: 0.7, stop: ['<<halt>>'] });

  // Anthropic has its own settings; another endpoint starts from its defaults.
  await chat.pickModel('anthropic', 'claude-sonnet-4-5');
  await expect(panel.getByTestId('parameters-target')).toContainText('claude-sonnet-4-5');
  await expect(panel.getByTestId('param-thinking')).toHaveAttribute('role', 'switch');
  await expect(panel.getByTestId('param-thinking')).not.toBeChecked();
  await expect(panel.getByTestId('param-topK')).toHaveValue('0');
  await expect(panel.getByTestId('param-frequency_penalty')).toHaveCount(0);
  await expect(panel.getByTestId('param-temperature')).toHaveValue('1');
  await expect(panel.getByTestId('param-stop-tags')).toHaveCount(0);

  await panel.getByTestId('param-topK').fill('5');
  await expect(panel.getByTestId('param-topK-slider')).toHaveValue('5');
  const second = `Tune Anthropic ${id}`;
  await sendAndWait(chat, second);
  const anthropic = await sentRequest(page, 'anthropic', second);
  expect(anthropic.body).toMatchObject({ model: 'claude-sonnet-4-5', top_k: 5 });
  expect(anthropic.body.temperature).toBeUndefined();
  expect(anthropic.body.stop_sequences).toBeUndefined();
  expect(anthropic.body.thinking).toBeUndefined();
});

test('parameters panel: a conversation keeps the settings it last ran with; reset clears them', async ({
  page,
  chat,
}) => {
  await signIn(page);
  const id = uid();
  await page.getByTestId('parameters-button').click();
  const panel = page.getByTestId('side-panel');
  await chat.pickModel('anthropic', 'claude-sonnet-4-5');
  await expect(panel.getByTestId('parameters-target')).toContainText('claude-sonnet-4-5');
  await panel.getByTestId('param-topK').fill('5');
  await expect(panel.getByTestId('param-topK-slider')).toHaveValue('5');
  const tuned = `Tune Anthropic ${id}`;
  await sendAndWait(chat, tuned);
  const anthropic = await sentRequest(page, 'anthropic', tuned);
  expect(anthropic.body).toMatchObject({ model: 'claude-sonnet-4-5', top_k: 5 });

  // The conversation keeps what it last ran with: after a reload the panel shows it again.
  await page.reload();
  await expect(panel.getByTestId('parameters-target')).toContainText('claude-sonnet-4-5');
  await expect(panel.getByTestId('param-topK')).toHaveValue('5');

  // Reset: every field shows its default again and nothing is sent any more.
  await panel.getByTestId('param-temperature').fill('0.4');
  await expect(panel.getByTestId('param-temperature-slider')).toHaveValue('0.4');
  await panel.getByTestId('param-reset').click();
  await expect(panel.getByTestId('param-temperature')).toHaveValue('1');
  await expect(panel.getByTestId('param-topK')).toHaveValue('0');
  const third = `After reset ${id}`;
  await sendAndWait(chat, third);
  const reset = await sentRequest(page, 'anthropic', third);
  expect(reset.body.top_k).toBeUndefined();
  expect(reset.body.temperature).toBeUndefined();

  await panel.getByTestId('side-panel-close').click();
  await expect(panel).toHaveCount(0);
});

test('modular chat: another model continues the conversation, which then runs on it', async ({
  page,
  chat,
}) => {
  await signIn(page);
  const id = uid();
  const first = `Modular one ${id}`;
  await sendAndWait(chat, first);
  await expect(page).toHaveURL(SAVED_CHAT_URL);
  const url = page.url();
  await sentRequest(page, 'openai-chat', first);

  await chat.pickModel('anthropic', 'claude-sonnet-4-5');
  const second = `Modular two ${id}`;
  await sendAndWait(chat, second);
  expect(page.url()).toBe(url);
  await expect(chat.assistantMessages).toHaveCount(2);
  await expect(chat.userMessages.first()).toContainText(first);
  // Anthropic got the whole conversation, the OpenAI exchange included.
  const anthropic = await sentRequest(page, 'anthropic', second);
  expect(anthropic.request?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  expect(JSON.stringify(anthropic.request?.messages[0])).toContain(first);
  // The conversation now runs on Anthropic, as saved on the server (a reload forgets local choices).
  await page.reload();
  await expect(chat.modelPicker).toContainText('claude-sonnet-4-5');
  await expect(chat.assistantMessages).toHaveCount(2);
});

test('modular chat switched off: another model starts a new chat', async ({ page, chat, settings }) => {
  await signIn(page);
  await sendAndWait(chat, `Modular off ${uid()}`);
  await expect(page).toHaveURL(SAVED_CHAT_URL);

  await settings.open('Chat');
  const modular = settings.switch(/Modular chat/);
  await expect(modular).toBeChecked();
  await modular.click();
  await expect(modular).not.toBeChecked();
  await settings.close();
  await expect(modular).toHaveCount(0);

  await chat.pickModel('anthropic', 'claude-sonnet-4-5');
  await expect(page).toHaveURL(/\/chat\/new$/);
  await expect(chat.assistantMessages).toHaveCount(0);
});

/** A preset file as the presets menu's import takes it. */
const presetFile = (name: string, preset: Record<string, unknown>) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(preset)),
});

/** The presets menu (in the chat header) and its hidden import field. */
function presetsMenu(page: Page) {
  const rows = page.getByTestId('preset-row');
  return {
    rows,
    row: (title: string) => rows.filter({ hasText: title }),
    open: () => page.getByTestId('presets-button').click(),
    import: async (name: string, preset: Record<string, unknown>) =>
      page.getByTestId('preset-import-file').setInputFiles(presetFile(name, preset)),
  };
}

test('presets: save the current settings with the default title, then export them to a file', async ({
  page,
}) => {
  await signIn(page);
  const presets = presetsMenu(page);
  await page.getByTestId('parameters-button').click();
  await page.getByTestId('param-temperature').fill('0.4');
  await expect(page.getByTestId('param-temperature-slider')).toHaveValue('0.4');

  await presets.open();
  await page.getByTestId('preset-new').click();
  const dialog = page.getByTestId('preset-dialog');
  await expect(dialog).toContainText(/openAI · gpt-4o/i);
  await expect(dialog.getByTestId('preset-title')).toHaveValue('');
  await dialog.getByTestId('preset-save').click();
  await expect(page.getByText('Preset saved.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await presets.open();
  const mine = presets.row('My Preset');
  await expect(mine).toContainText('OpenAI · gpt-4o');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    mine.getByTestId('preset-export').click(),
  ]);
  expect(download.suggestedFilename()).toBe('My_Preset.json');
  const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(exported).toMatchObject({
    title: 'My Preset',
    endpoint: 'openAI',
    model: 'gpt-4o',
    temperature: 0.4,
  });
  expect(exported.presetId).toBeUndefined();
});

test('presets: an imported file is listed, and applying it sets the model and temperature that reach the provider', async ({
  page,
  chat,
}) => {
  await signIn(page);
  const presets = presetsMenu(page);
  await page.getByTestId('parameters-button').click();
  await expect(page.getByTestId('param-temperature')).toHaveValue('1');

  await presets.import('imported.json', {
    title: 'Imported',
    endpoint: 'anthropic',
    model: 'claude-3-5-haiku-latest',
    temperature: 0.3,
  });
  await expect(page.getByText('Preset imported.')).toBeVisible();
  await presets.open();
  const imported = presets.row('Imported');
  await expect(imported).toContainText('Anthropic · claude-3-5-haiku-latest');
  await imported.getByTestId('preset-apply').click();
  await expect(chat.modelPicker).toContainText('claude-3-5-haiku-latest');
  await expect(page.getByTestId('param-temperature')).toHaveValue('0.3');
  const prompt = `With the imported preset ${uid()}`;
  await sendAndWait(chat, prompt);
  const entry = await sentRequest(page, 'anthropic', prompt);
  expect(entry.body).toMatchObject({ model: 'claude-3-5-haiku-latest', temperature: 0.3 });
});

test('presets: a file that is not a preset is refused and adds nothing', async ({ page }) => {
  await signIn(page);
  const presets = presetsMenu(page);
  await presets.import('kept.json', { title: 'Kept', endpoint: 'openAI', model: 'gpt-4o' });
  await expect(page.getByText('Preset imported.')).toBeVisible();

  await presets.import('not-a-preset.json', { title: 'No endpoint' });
  await expect(page.getByText('This file is not a valid preset.')).toBeVisible();
  await presets.open();
  await expect(presets.rows).toHaveCount(1);
  await expect(presets.rows).toContainText('Kept');
});

test('presets: delete removes that preset and keeps the others', async ({ page }) => {
  await signIn(page);
  const presets = presetsMenu(page);
  await presets.import('kept.json', { title: 'Kept', endpoint: 'openAI', model: 'gpt-4o' });
  await expect(page.getByText('Preset imported.')).toBeVisible();
  await presets.import('doomed.json', {
    title: 'Doomed',
    endpoint: 'anthropic',
    model: 'claude-3-5-haiku-latest',
  });

  await presets.open();
  await expect(presets.rows).toHaveCount(2);
  await presets.row('Doomed').getByTestId('preset-delete').click();
  await expect(page.getByText('Preset deleted.')).toBeVisible();
  await presets.open();
  await expect(presets.rows).toHaveCount(1);
  await expect(presets.rows).toContainText('Kept');
});

test('a model spec from librechat.yaml is offered in the picker and its preset reaches the provider', async ({
  page,
  chat,
}) => {
  await signIn(page);
  // Without `default` or `prioritize` the spec does not replace a new chat's first model.
  const picker = chat.modelPicker;
  await expect(picker).toContainText('gpt-4o');
  await picker.click();
  const spec = page.locator('[data-testid="spec-option"][data-spec="concise"]');
  await expect(spec).toContainText('Concise writer');
  await expect(spec).toContainText('Short, plain answers from Claude.');
  await spec.click();
  await expect(picker).toContainText('Concise writer');

  // The settings the spec fixes are not offered in the panel.
  await page.getByTestId('parameters-button').click();
  const panel = page.getByTestId('parameters-panel');
  await expect(panel.getByTestId('param-topK')).toBeVisible();
  await expect(panel.getByTestId('param-temperature')).toHaveCount(0);
  await expect(page.getByTestId('side-panel')).toContainText('Other settings are set by Concise writer.');

  const prompt = `Spec chat ${uid()}`;
  await sendAndWait(chat, prompt);
  const entry = await sentRequest(page, 'anthropic', prompt);
  expect(entry.body).toMatchObject({ model: 'claude-sonnet-4-5', temperature: 0.2 });
  await expect(picker).toContainText('Concise writer');
});

test('a chat link sets up the chat and sends it; a prompt-only link just fills the composer', async ({
  page,
  chat,
}) => {
  await signIn(page);
  const prompt = `Hello from a link ${uid()}`;
  await page.goto(
    `/chat/new?q=${encodeURIComponent(prompt)}&submit=true&endpoint=anthropic&temperature=0.3&bogus=1`,
  );
  await expect(page.getByText(/were not valid and were ignored: bogus$/)).toBeVisible();
  await expect(chat.lastAssistantText).toContainText(prompt);
  await expect(page).toHaveURL(SAVED_CHAT_URL);
  expect(new URL(page.url()).search).toBe('');
  await expect(chat.modelPicker).toContainText('claude-sonnet-4-5');
  const entry = await sentRequest(page, 'anthropic', prompt);
  expect(entry.body).toMatchObject({ model: 'claude-sonnet-4-5', temperature: 0.3 });

  const draft = `Draft text ${uid()}`;
  await page.goto(`/c/new?prompt=${encodeURIComponent(draft)}`);
  await expect(chat.input).toHaveValue(draft);
  await expect(page).toHaveURL(/\/chat\/new$/);
  // Nothing is sent: no message appears and the provider never sees the text.
  await page.waitForTimeout(500);
  await expect(chat.messages).toHaveCount(0);
  const all = await journal(page, 'openai-chat');
  expect(all.some((e) => e.rawBody.includes(draft))).toBe(false);
});

test('simple picker: three tiers, those not offered disabled; Advanced sends with gpt-4o', async ({
  browser,
}) => {
  // The settings app: no model specs (they replace the simple picker), OpenAI offers gpt-4o and gpt-4.
  const page = await signInAt(browser, SETTINGS_APP_URL);
  const chat = new ChatPage(page);
  const settings = new SettingsDialog(page);
  await expect(chat.modelPicker).toContainText('gpt-4o');

  await settings.open('Chat');
  const full = settings.setting('advanced-mode');
  await expect(full).toBeChecked();
  await full.click();
  await expect(full).not.toBeChecked();
  await settings.close();

  const simple = page.getByTestId('simple-picker');
  await expect(chat.modelPicker).toHaveCount(0);
  // Balanced (gpt-4) is the simple picker's default.
  await expect(simple).toHaveText('Balanced');
  await simple.click();
  const tier = (name: string) => page.locator(`[data-testid="tier-option"][data-tier="${name}"]`);
  await expect(tier('economical')).toHaveAttribute('aria-disabled', 'true');
  await expect(tier('balanced')).not.toHaveAttribute('aria-disabled', 'true');
  await expect(tier('advanced')).not.toHaveAttribute('aria-disabled', 'true');
  await expect(tier('balanced')).toHaveAttribute('aria-checked', 'true');
  await tier('advanced').click();
  await expect(simple).toHaveText('Advanced');

  const prompt = `Simple tier ${uid()}`;
  await sendAndWait(chat, prompt);
  const entry = await sentRequest(page, 'openai-chat', prompt);
  expect(entry.body.model).toBe('gpt-4o');

  await settings.open('Chat');
  await full.click();
  await expect(full).toBeChecked();
  await settings.close();
  await expect(chat.modelPicker).toContainText('gpt-4o');
  await expect(simple).toHaveCount(0);
  await page.context().close();
});

test('balance: the account menu shows the credits, and they go down after a reply', async ({ browser }) => {
  // The settings app has balances on, with a large start balance.
  const page = await signInAt(browser, SETTINGS_APP_URL);
  const menu = new AccountMenu(page);
  const credits = async () => Number((await menu.balance.innerText()).replace(/\D/g, ''));

  await menu.open();
  await expect(menu.balance).toContainText('Balance: ');
  expect(await credits()).toBe(SETTINGS_START_BALANCE);
  await page.keyboard.press('Escape');

  await sendAndWait(new ChatPage(page), `Spend some credits ${uid()}`);
  await menu.open();
  await expect.poll(credits).toBeLessThan(SETTINGS_START_BALANCE);
  expect(await credits()).toBeGreaterThan(0);
  await page.context().close();
});
