import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers.ts';
import { ChatPage } from './pages/chat.ts';
import { APP_URL, FAKE_URL, VERTEX_APP_URL, VERTEX_LOCATION, VERTEX_PROJECT } from './servers.ts';

/**
 * Every provider end to end through the UI: pick the endpoint's model in the model picker, send,
 * and watch the reply stream in. The fake provider is told (control API) to answer this one
 * message with a known text, but only when the request arrives in the expected dialect, so the
 * exact reply text alone proves the app spoke the right wire format; the fake's journal then shows
 * the URL, the model and that the response was streamed in several writes.
 */
interface ProviderCase {
  /** Test title. */
  name: string;
  /** App whose UI the test drives. */
  app: string;
  /** Endpoint and model as the model picker lists them. */
  endpoint: string;
  model: string;
  /** The fake's dialect (or provider family) the request must arrive in. */
  dialect: string;
  /** The request path at the fake. */
  path: RegExp;
  /** Extra checks on the journal entry (auth, headers). */
  check?: (entry: JournalEntry) => void;
}

interface JournalEntry {
  kind: string;
  path: string;
  status?: number;
  dialect: string | null;
  provider: string | null;
  headers: Record<string, string>;
  rawBody: string;
  request?: { model: string; stream: boolean };
  scenario?: { source: string };
  auth?: Record<string, unknown>;
  events: number;
  done: boolean;
}

const CASES: ProviderCase[] = [
  {
    name: 'OpenAI (chat completions)',
    app: APP_URL,
    endpoint: 'openAI',
    model: 'gpt-4o-mini',
    dialect: 'openai-chat',
    path: /^\/openai\/v1\/chat\/completions$/,
  },
  {
    name: 'Azure OpenAI',
    app: APP_URL,
    endpoint: 'azureOpenAI',
    model: 'gpt-4o',
    dialect: 'azure',
    path: /^\/azure\/openai\/v1\/chat\/completions$/,
    check: (e) => expect(e.headers['api-key']).toBe('azu…-e2e'),
  },
  {
    name: 'Anthropic',
    app: APP_URL,
    endpoint: 'anthropic',
    model: 'claude-sonnet-4-5',
    dialect: 'anthropic',
    path: /^\/anthropic\/v1\/messages$/,
    check: (e) => expect(e.headers['x-api-key']).toBe('sk-…-e2e'),
  },
  {
    name: 'Google Gemini (API key)',
    app: APP_URL,
    endpoint: 'google',
    model: 'gemini-2.5-flash',
    dialect: 'gemini',
    path: /^\/gemini\/v1beta\/models\/gemini-2\.5-flash:streamGenerateContent$/,
  },
  {
    name: 'Google Vertex AI (service account)',
    app: VERTEX_APP_URL,
    endpoint: 'google',
    model: 'gemini-2.5-flash',
    dialect: 'vertex',
    path: new RegExp(
      `^/vertex/v1beta1/projects/${VERTEX_PROJECT}/locations/${VERTEX_LOCATION}/publishers/google/models/gemini-2\\.5-flash:streamGenerateContent$`,
    ),
    // The Bearer token was issued by the fake's token endpoint for the service account's JWT.
    check: (e) => {
      expect(e.headers.authorization).toMatch(/^Bearer /);
      expect(String(e.auth?.clientEmail)).toMatch(
        new RegExp(`@${VERTEX_PROJECT}\\.iam\\.gserviceaccount\\.com$`),
      );
    },
  },
  {
    name: 'AWS Bedrock',
    app: APP_URL,
    endpoint: 'bedrock',
    model: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
    dialect: 'bedrock',
    path: /^\/bedrock\/model\/anthropic\.claude-sonnet-4-5-20250929-v1(:|%3A)0\/converse-stream$/,
    check: (e) => expect(e.auth).toMatchObject({ accessKeyId: 'AKIAE2E', region: 'us-east-1' }),
  },
  {
    name: 'custom endpoint with provider: anthropic',
    app: APP_URL,
    endpoint: 'ClaudeProxy',
    model: 'claude-proxy-1',
    dialect: 'anthropic',
    path: /^\/anthropic\/v1\/messages$/,
    check: (e) => expect(e.headers['x-api-key']).toBe('pro…-e2e'),
  },
  ...(
    [
      ['Ollama', 'qwen3', 'ollama', '/ollama/v1'],
      ['OpenRouter', 'openai/gpt-4o', 'openrouter', '/openrouter/api/v1'],
      ['Groq', 'llama-3.3-70b-versatile', 'groq', '/groq/openai/v1'],
      ['DeepSeek', 'deepseek-chat', 'deepseek', '/deepseek/v1'],
      ['Mistral', 'mistral-large-latest', 'mistral', '/mistral/v1'],
    ] as const
  ).map(
    ([endpoint, model, dialect, base]): ProviderCase => ({
      name: `${endpoint} (OpenAI-compatible custom endpoint)`,
      app: APP_URL,
      endpoint,
      model,
      dialect,
      path: new RegExp(`^${base}/chat/completions$`),
    }),
  ),
];

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** How long the reply pauses half-way: the half already sent is on screen, however busy the machine. */
const MID_STREAM_PAUSE_MS = 1500;

/** The first half of a reply's words: what the screen shows during the pause. */
const firstHalf = (reply: string) => {
  const words = reply.split(' ');
  return words.slice(0, Math.ceil(words.length / 2)).join(' ');
};

/**
 * Answer exactly `prompt` (not a title request quoting it) in `dialect` with `reply`, word by word,
 * pausing after the first half. Without the pause a loaded machine may deliver (or paint) the whole
 * reply at once, and a test that must see mid-stream text would fail for no fault of the app.
 */
async function queueReply(page: Page, c: ProviderCase, prompt: string, reply: string) {
  const res = await page.request.post(`${FAKE_URL}/__fake/scenarios`, {
    data: {
      match: {
        provider: c.dialect,
        model: c.model,
        match: { lastUserText: { regex: `^${escapeRegExp(prompt)}$` } },
      },
      script: {
        steps: [
          { type: 'text', text: reply },
          {
            type: 'fault',
            kind: 'stall',
            at: firstHalf(reply).split(' ').length,
            ms: MID_STREAM_PAUSE_MS,
          },
        ],
        timing: { chunking: 'word', tokensPerSec: 40 },
      },
    },
  });
  expect(res.status()).toBe(200);
}

/** Every distinct text the last assistant message shows while it is streaming. */
async function recordStreamingTexts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __streamed: string[] }).__streamed = seen;
    const read = () => {
      const rows = document.querySelectorAll(
        '[data-testid="message"][data-role="assistant"][data-streaming]',
      );
      const text = rows[rows.length - 1]?.querySelector('[data-testid="message-text"]')?.textContent ?? '';
      if (text && text !== seen[seen.length - 1]) seen.push(text);
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

// Independent tests: let both workers take some, each signing in once per app.
test.describe.configure({ mode: 'parallel' });

/** One signed-in page per app, shared by that app's tests in this worker. */
const pages = new Map<string, Page>();
async function pageFor(browser: Browser, app: string): Promise<Page> {
  let page = pages.get(app);
  if (!page) {
    const context = await browser.newContext({ baseURL: app });
    page = await context.newPage();
    await signIn(page);
    pages.set(app, page);
  }
  return page;
}

test.afterAll(async () => {
  for (const page of pages.values()) await page.context().close();
  pages.clear();
});

for (const c of CASES) {
  test(`${c.name}: pick the model, the reply streams in`, async ({ browser }) => {
    const page = await pageFor(browser, c.app);
    const id = randomUUID().slice(0, 8);
    const prompt = `Hello ${c.endpoint} ${id}`;
    const reply = `Streamed by ${c.dialect} for ${id}: one two three four five six seven eight nine ten.`;
    await queueReply(page, c, prompt, reply);

    const chat = new ChatPage(page);
    await chat.goto();
    await chat.pickModel(c.endpoint, c.model);
    await recordStreamingTexts(page);
    await chat.send(prompt);

    await expect(chat.lastAssistantText).toHaveText(reply);
    await chat.waitForReply();
    // The text grew in place: at least one partial reply was on screen before the whole one.
    const streamed = await page.evaluate(() => (window as unknown as { __streamed: string[] }).__streamed);
    const partial = streamed.filter((t) => t.trim() && t.trim() !== reply && reply.startsWith(t.trim()));
    expect(partial.length, `texts seen while streaming: ${JSON.stringify(streamed)}`).toBeGreaterThan(0);
    // In particular the half sent before the pause.
    expect(streamed.map((t) => t.trim())).toContain(firstHalf(reply));

    const journal = await page.request.get(`${FAKE_URL}/__fake/requests?dialect=${c.dialect}`);
    const entry = ((await journal.json()) as JournalEntry[]).find(
      (e) => e.kind === 'generate' && e.scenario?.source === 'queue' && e.rawBody.includes(id),
    );
    expect(entry, `no ${c.dialect} request for ${prompt}`).toBeTruthy();
    expect(entry!.path).toMatch(c.path);
    expect(entry!.status).toBe(200);
    expect(entry!.request).toMatchObject({ model: c.model, stream: true });
    expect(entry!.events).toBeGreaterThan(5);
    c.check?.(entry!);
  });
}
