import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeProvider } from '@parley/fake-provider';
import type { ContentPart, ToolCall } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { makeAgent, makeUser } from './factories.ts';
import { authed, dialects, finalFrame, freshPostgresUrl, postChat, readFrames, serve } from './helpers.ts';

const calls = (parts: ContentPart[] | undefined): ToolCall[] =>
  (parts ?? []).flatMap((p) => (p.type === 'tool_call' ? [p.tool_call] : []));

/** Issue 15 point 6: a reply paused for a tool approval is answered after the server restarted. */
describe.each(dialects)('tool approval across a restart (%s)', (dialect) => {
  it('the paused state lives in the saved message: a new server continues it', async () => {
    const fake = await startFakeProvider();
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-agents-restart-'));
    const pgDb = dialect === 'postgres' ? await freshPostgresUrl() : null;
    const boot = async () =>
      serve(
        await buildApp({
          env: {
            NODE_ENV: 'test',
            LOG_LEVEL: 'warn',
            DATA_DIR: dir,
            WEB_DIST: '',
            JWT_SECRET: 'test-jwt-secret',
            JWT_REFRESH_SECRET: 'test-refresh-secret',
            OPENAI_API_KEY: 'sk-test-openai',
            OPENAI_BASE_URL: fake.urls.openai,
            ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
          },
        }),
        fake,
      );
    let t = await boot();
    try {
      const s = await makeUser(t);
      const agent = await makeAgent(t, s.userId, {
        tools: ['file_search'],
        require_approval: ['file_search'],
      });
      const paused = finalFrame(
        await readFrames(
          await postChat(t, s, { endpoint: 'agents', agent_id: agent.id, text: 'Search [[fake:steps=1]]' }),
        ),
      );
      const [pending] = calls(paused.responseMessage.content);
      expect(pending.approval).toBe('pending');
      await t.close();

      t = await boot();
      const res = await fetch(`${t.base}/api/chat/approval`, {
        method: 'POST',
        headers: authed(s),
        body: JSON.stringify({
          conversationId: paused.conversation.conversationId,
          messageId: paused.responseMessage.messageId,
          toolCallId: pending.id,
          approved: true,
        }),
      });
      expect(res.status).toBe(200);
      const done = finalFrame(await readFrames(res));
      const [ran] = calls(done.responseMessage.content);
      expect(ran).toMatchObject({ id: pending.id, approval: 'approved', progress: 1 });
      expect(ran.output).toBe('There are no files to search.');
      expect(done.responseMessage.content!.at(-1)).toMatchObject({ type: 'text' });
    } finally {
      if (t.app.server.listening) await t.close();
      await fake.close();
      await pgDb?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
