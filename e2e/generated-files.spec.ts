import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { apiToken, signIn } from './helpers.ts';

/**
 * Files a tool made (issue 14 point 6, doc 2 §4.15): shown with the tool call, downloaded from the
 * file store with the session, and 'download expired' once past their expiry. Nothing in Parley
 * runs tools yet (agents do, next), so the reply comes in through an import, as a LibreChat
 * export carries it, pointing at a file in the store.
 */

test.describe.configure({ mode: 'parallel' });

test('a file a tool made downloads from the store; an expired one says download expired', async ({
  page,
  sidebar,
  chat,
}) => {
  const account = await signIn(page);
  const token = await apiToken(page, account);
  const headers = { authorization: `Bearer ${token}` };
  const csv = 'city,temp\nOslo,21\nBergen,17\n';
  const upload = await page.request.post('/api/files', {
    headers,
    multipart: {
      file_id: randomUUID(),
      endpoint: 'openAI',
      file: { name: 'weather.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const stored = await upload.json();

  const conversationId = randomUUID();
  const exported = {
    conversationId,
    endpoint: 'agents',
    title: 'Generated files',
    options: { endpoint: 'agents', model: 'gpt-4o' },
    messages: [
      {
        messageId: 'g-user',
        conversationId,
        parentMessageId: '00000000-0000-0000-0000-000000000000',
        isCreatedByUser: true,
        sender: 'User',
        text: 'Tabulate the weather.',
        createdAt: '2026-11-01T10:00:00.000Z',
      },
      {
        messageId: 'g-reply',
        conversationId,
        parentMessageId: 'g-user',
        isCreatedByUser: false,
        sender: 'Analyst',
        endpoint: 'agents',
        model: 'gpt-4o',
        text: '',
        createdAt: '2026-11-01T10:00:05.000Z',
        content: [
          {
            type: 'tool_call',
            tool_call: {
              id: 'call_table',
              type: 'tool_call',
              name: 'execute_code',
              args: '{"lang":"py","code":"write_csv()"}',
              output: 'wrote weather.csv and old.csv',
              progress: 1,
            },
          },
          { type: 'text', text: 'Here are the tables.' },
        ],
        attachments: [
          {
            toolCallId: 'call_table',
            file_id: stored.file_id,
            filename: 'weather.csv',
            filepath: stored.filepath,
            type: 'text/csv',
            bytes: csv.length,
            expiresAt: Date.now() + 3_600_000,
          },
          {
            toolCallId: 'call_table',
            file_id: randomUUID(),
            filename: 'old.csv',
            filepath: stored.filepath,
            type: 'text/csv',
            bytes: 10,
            expiresAt: Date.now() - 60_000,
          },
        ],
      },
    ],
  };
  const started = await page.request.post('/api/convos/import', { headers, data: exported });
  expect(started.status(), await started.text()).toBe(201);
  const { jobId } = await started.json();
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/convos/import/${jobId}`, { headers })).json()).status,
    )
    .toBe('done');

  await page.reload();
  await sidebar.openConversation('Generated files');
  const reply = chat.assistantMessages.last();
  const fresh = reply.getByTestId('file-chip').filter({ hasText: 'weather.csv' });
  const old = reply.getByTestId('file-chip').filter({ hasText: 'old.csv' });
  await expect(fresh).toBeVisible();
  await expect(old.getByTestId('download-expired')).toContainText('download expired');
  await expect(old.getByTestId('file-download')).toHaveCount(0);
  await expect(fresh.getByTestId('download-expired')).toHaveCount(0);

  const saved = page.waitForEvent('download');
  await fresh.getByTestId('file-download').click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe('weather.csv');
  expect(await readFile((await download.path())!, 'utf8')).toBe(csv);
});
