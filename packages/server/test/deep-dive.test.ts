import type { Message, ToolCall } from '@parley/schema';
import { expect, it } from 'vitest';
import { DEEP_DIVE_INSTRUCTIONS } from '../src/chat/agent/ephemeral.ts';
import { describeApp, finalFrame, postChat, readFrames, signUp, type TestApp } from './helpers.ts';

/**
 * Deep Dive (issue 16 point 4): a plain chat with the composer's `ephemeralAgent.deep_dive` runs
 * through the agent tool loop with web_search (the fake's Serper, a server key), the research
 * instructions and the chat's own endpoint and model; nothing is stored as an agent.
 */
const YAML = `version: 1.2.1
webSearch:
  searchProvider: serper
  serperApiKey: \${SERPER_API_KEY}
  serperApiUrl: "{{FAKE}}/web/serper"
  rerankerType: none
`;

const calls = (m: Message): ToolCall[] =>
  (m.content ?? []).flatMap((p) => (p.type === 'tool_call' ? [p.tool_call] : []));

const generateRequests = (t: TestApp) => t.fake.journal.all().filter((e) => e.kind === 'generate');

describeApp(
  'Deep Dive',
  { yaml: YAML, env: { ALLOWED_PRIVATE_HOSTS: '127.0.0.1', SERPER_API_KEY: 'serper-server' } },
  (t) => {
    it('a plain chat with deep_dive runs web_search steps with the research instructions', async () => {
      const s = await signUp(t);
      t.fake.reset();
      const res = await postChat(t, s, {
        text: 'What changed in edge caching? [[fake:steps=2 tools=web_search]]',
        promptPrefix: 'Answer in English.',
        ephemeralAgent: { deep_dive: true },
      });
      expect(res.status).toBe(200);
      const frames = await readFrames(res);
      const final = finalFrame(frames);
      const made = calls(final.responseMessage);
      expect(made).toHaveLength(2);
      expect(made.every((c) => c.name === 'web_search')).toBe(true);
      expect(made[0].output).toContain('search: Serper');
      expect(frames.some((f) => 'event' in f.data && f.data.event === 'on_run_step')).toBe(true);
      // The chat stays a plain chat of its own endpoint and model: no agent is stored on it.
      expect(final.conversation).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o' });
      expect(final.conversation.agent_id ?? null).toBeNull();
      expect(final.responseMessage.sender).not.toBe('Agent');
      const first = generateRequests(t)[0].request!;
      expect(first.system).toContain(DEEP_DIVE_INSTRUCTIONS);
      expect(first.system).toContain('Answer in English.');
      expect(first.tools.map((tool) => tool.name)).toEqual(['web_search']);
      expect(t.fake.journal.all().filter((e) => e.kind === 'web' && e.path.includes('/search'))).toHaveLength(
        2,
      );
    });

    it('the startup config lists the agents capabilities (code execution: code-run.test.ts)', async () => {
      const config = await (await fetch(`${t.base}/api/config`)).json();
      expect(config.agentCapabilities).toContain('web_search');
    });

    it('without the toggle the same message is a plain reply: no tools offered, no search', async () => {
      const s = await signUp(t);
      t.fake.reset();
      const res = await postChat(t, s, {
        text: 'What changed in edge caching? [[fake:steps=2 tools=web_search]]',
        ephemeralAgent: { deep_dive: false, execute_code: false, mcp: [] },
      });
      const final = finalFrame(await readFrames(res));
      expect(calls(final.responseMessage)).toHaveLength(0);
      expect(generateRequests(t)[0].request!.tools).toEqual([]);
      expect(t.fake.journal.all().filter((e) => e.kind === 'web')).toHaveLength(0);
    });
  },
);

describeApp(
  'Deep Dive without the web_search capability',
  {
    yaml: `version: 1.2.1
endpoints:
  agents:
    capabilities: [tools, file_search]
`,
  },
  (t) => {
    it('is ignored: the reply is a plain one', async () => {
      const s = await signUp(t);
      t.fake.reset();
      const res = await postChat(t, s, {
        text: 'Hello [[fake:steps=2 tools=web_search]]',
        ephemeralAgent: { deep_dive: true },
      });
      const final = finalFrame(await readFrames(res));
      expect(calls(final.responseMessage)).toHaveLength(0);
      expect(generateRequests(t)[0].request!.system ?? '').not.toContain('Deep Dive');
    });
  },
);
