import type { DialectName } from '@parley/fake-provider';
import type { FileUploadResult, Message, SseFrame } from '@parley/schema';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from './factories.ts';
import { upload } from './files-upload.ts';
import {
  BEDROCK_AND_AZURE_ENV,
  dialects,
  type Frame,
  postChat,
  readFrames,
  type Session,
  startTestApp,
  type TestApp,
} from './helpers.ts';

/**
 * Issue 14 points 3–5 through the chat: attached images reach each provider in its own wire shape
 * (asserted at the fake provider's decoded request), a model without vision is refused before any
 * request leaves, a small document goes into the prompt whole, and a searched document's passages
 * go with the question and come back as the reply's citations.
 */
type Final = Extract<SseFrame, { final: true }>;
const finalOf = (frames: Frame[]) => frames.find((f) => 'final' in f.data)?.data as Final | undefined;

const YAML = `fileConfig:
  endpoints:
    anthropic: { fileLimit: 2, totalSizeLimit: 1 }
endpoints:
  custom:
    - { name: Groq, apiKey: g, baseURL: "{{FAKE}}/groq/openai/v1", models: { default: [llama-3.3-70b] } }
    - { name: Ollama, apiKey: o, baseURL: "{{FAKE}}/ollama/v1", models: { default: [llava] } }
`;

async function pngOf(width: number, height: number): Promise<Uint8Array> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
}

async function uploaded(t: TestApp, s: Session, name: string, data: Uint8Array | string, fields = {}) {
  const res = await upload(t, s, name, data, { fields: { endpoint: 'openAI', ...fields } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as FileUploadResult;
}

describe.each(dialects)('chat with files (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { yaml: YAML, env: BEDROCK_AND_AZURE_ENV });
  });
  afterAll(async () => t?.close());

  it.each<[string, string, DialectName, boolean?]>([
    ['openAI', 'gpt-4o', 'openai-chat'],
    ['openAI', 'gpt-4o', 'openai-responses', true],
    ['anthropic', 'claude-sonnet-4-5', 'anthropic'],
    ['google', 'gemini-2.5-flash', 'gemini'],
    ['bedrock', 'anthropic.claude-sonnet-4-5-20250929-v1:0', 'bedrock'],
    ['azureOpenAI', 'gpt-4o', 'azure'],
    ['Ollama', 'llava', 'ollama'],
  ])(
    '%s %s: the image reaches the provider as its %s image part',
    async (endpoint, model, wire, responses) => {
      const s = await makeUser(t);
      const image = await uploaded(t, s, 'red.png', await pngOf(64, 48));
      t.fake.journal.clear();
      const frames = await readFrames(
        await postChat(t, s, {
          text: 'What colour is this?',
          endpoint,
          model,
          files: [{ file_id: image.file_id }],
          ...(responses ? { useResponsesApi: true } : {}),
        }),
      );
      const done = finalOf(frames);
      expect(done, JSON.stringify(frames.at(-1)?.data)).toBeTruthy();
      // The message shows its file; the provider got the image before the words.
      expect(done!.requestMessage.files).toEqual([
        expect.objectContaining({
          file_id: image.file_id,
          filename: 'red.png',
          type: 'image/png',
          width: 64,
        }),
      ]);
      const request = t.fake.journal.last(wire)!.request!;
      const parts = request.messages.at(-1)!.parts;
      expect(parts.map((p) => p.type)).toEqual(['image', 'text']);
      const part = parts[0] as { mediaType?: string; url?: string; data?: string };
      const base64 = part.data ?? part.url?.replace(/^data:image\/png;base64,/, '');
      expect(Buffer.from(base64!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    },
  );

  it('refuses images for a model without vision, before any request leaves', async () => {
    const s = await makeUser(t);
    const image = await uploaded(t, s, 'red.png', await pngOf(8, 8));
    t.fake.journal.clear();
    const res = await postChat(t, s, {
      text: 'Describe',
      endpoint: 'Groq',
      model: 'llama-3.3-70b',
      files: [{ file_id: image.file_id }],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('vision_unsupported');
    expect(t.fake.journal.all().filter((e) => e.kind === 'generate')).toHaveLength(0);
  });

  it("refuses another user's file as not found, and saves nothing", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const theirs = await uploaded(t, a, 'a.txt', 'private words');
    const res = await postChat(t, b, { text: 'Read it', files: [{ file_id: theirs.file_id }] });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('file_not_found');
  });

  it("refuses a message over the endpoint's file count or total size, with the spec's texts", async () => {
    const s = await makeUser(t);
    const a = await uploaded(t, s, 'a.txt', 'first', { endpoint: 'anthropic' });
    const b = await uploaded(t, s, 'b.txt', 'second', { endpoint: 'anthropic' });
    const c = await uploaded(t, s, 'c.txt', 'third', { endpoint: 'anthropic' });
    const send = (ids: string[]) =>
      postChat(t, s, {
        text: 'Read these',
        endpoint: 'anthropic',
        model: 'claude-sonnet-4-5',
        files: ids.map((file_id) => ({ file_id })),
      });
    const three = await send([a.file_id, b.file_id, c.file_id]);
    expect(three.status).toBe(400);
    expect(((await three.json()) as { error: { message: string } }).error.message).toBe(
      'You can only upload up to 2 files at a time.',
    );
    const big = await uploaded(t, s, 'big.txt', 'x'.repeat(700 * 1024), { endpoint: 'anthropic' });
    const big2 = await uploaded(t, s, 'big2.txt', 'y'.repeat(700 * 1024), { endpoint: 'anthropic' });
    const heavy = await send([big.file_id, big2.file_id]);
    expect(heavy.status).toBe(413);
    expect(((await heavy.json()) as { error: { message: string } }).error.message).toBe(
      'The total size of the files cannot exceed 1 MB.',
    );
    expect((await send([a.file_id, b.file_id])).status).toBe(200);
  });

  it('puts a small document into the prompt whole, with its name', async () => {
    const s = await makeUser(t);
    const doc = await uploaded(t, s, 'recipe.md', '# Pancakes\n\nUse two eggs and a cup of milk.\n');
    t.fake.journal.clear();
    const frames = await readFrames(
      await postChat(t, s, { text: 'How many eggs?', files: [{ file_id: doc.file_id }] }),
    );
    expect(finalOf(frames)).toBeTruthy();
    const text = t.fake.journal
      .last('openai-chat')!
      .request!.messages.at(-1)!
      .parts.find((p) => p.type === 'text');
    expect(text).toMatchObject({ type: 'text' });
    expect((text as { text: string }).text).toBe(
      '[Attached file: recipe.md]\n# Pancakes\n\nUse two eggs and a cup of milk.\n[End of recipe.md]\n\nHow many eggs?',
    );
  });

  it('searches a document sent for file search: its passages go with the question and come back as citations', async () => {
    const s = await makeUser(t);
    const body = [
      '# Garden log',
      ...Array.from({ length: 40 }, (_, i) => `Week ${i + 1}: watered the beans and weeded the rows.`),
      'The secret ingredient for the compost is crushed eggshells.',
    ].join('\n\n');
    const doc = await uploaded(t, s, 'garden.md', body, { tool_resource: 'file_search' });
    t.fake.journal.clear();
    const frames = await readFrames(
      await postChat(t, s, {
        text: 'What is the secret ingredient for the compost?',
        files: [{ file_id: doc.file_id }],
      }),
    );
    const done = finalOf(frames)!;
    expect(done).toBeTruthy();
    const citations = (done.responseMessage as Message).citations!;
    expect(citations.length).toBeGreaterThan(0);
    expect(citations[0]).toMatchObject({ file_id: doc.file_id, filename: 'garden.md' });
    expect(citations.some((c) => c.text.includes('crushed eggshells'))).toBe(true);
    const sent = t.fake.journal
      .last('openai-chat')!
      .request!.messages.at(-1)!
      .parts.find((p) => p.type === 'text') as {
      text: string;
    };
    expect(sent.text).toMatch(/^Passages from the attached files\./);
    expect(sent.text).toContain('[1] garden.md');
    expect(sent.text.endsWith('What is the secret ingredient for the compost?')).toBe(true);
    // Kept with the reply: the conversation, read again, shows the same citations.
    const convo = await fetch(`${t.base}/api/messages/${done.conversation.conversationId}`, {
      headers: { authorization: `Bearer ${s.token}` },
    });
    const messages = (await convo.json()) as Message[];
    expect(messages.find((m) => !m.isCreatedByUser)?.citations).toEqual(citations);
  });
});
