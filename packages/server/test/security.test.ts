import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportJob, SseFrame } from '@parley/schema';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeUser } from './factories.ts';
import {
  apiRoutes,
  authed,
  describeApp,
  finalFrame,
  postChat,
  readFrames,
  routeKey,
  type Session,
  signUp,
  startTestApp,
} from './helpers.ts';
import { freshCode, turnOnTwoFactor } from './totp.ts';

/**
 * Security properties across the API (issue 6 point 8). Already covered elsewhere and not repeated
 * here: refresh rotation and two-rotations-old reuse, login 429 and cookie attributes at login
 * (auth.test.ts); 2FA codes and temp tokens per user (two-factor.test.ts). The A/B isolation test
 * walks every route the app serves, so a new route cannot be forgotten there.
 */
const json = { 'content-type': 'application/json' };
const PASSWORD = 'correct horse battery';
const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0];

/** Field names that hold a secret: none may appear in any response body. */
const SECRET_FIELDS =
  /^(password|password_hash|passwordHash|token_hash|tokenHash|prev_token_hash|secret|totpSecret|pending_secret|backupCodes|backupCodesHash|code_hash|codeHash|refreshToken|refresh_token|value_enc)$/i;

function secretFieldsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) secretFieldsIn(v, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (SECRET_FIELDS.test(k)) found.push(k);
      secretFieldsIn(v, found);
    }
  }
  return found;
}

/** Balances on (per-user charges are checked) and one endpoint that takes a user's own key. */
const YAML = `balance:
  enabled: true
  startBalance: 100000
endpoints:
  custom:
    - name: MyLLM
      apiKey: user_provided
      baseURL: "{{FAKE}}/compatible/v1"
      models: { default: [my-model] }
`;

describeApp('security', { yaml: YAML }, (t, dialect) => {
  const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${t.base}${p}`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });

  describe('refresh token reuse', () => {
    it('an old token inside the 30 s grace rotates again; after it, it revokes the session', async () => {
      const inGrace = await signUp(t);
      const late = await signUp(t);
      const rotatedIn = await post('/api/auth/refresh', {}, { cookie: inGrace.cookie });
      const rotatedLate = await post('/api/auth/refresh', {}, { cookie: late.cookie });
      expect([rotatedIn.status, rotatedLate.status]).toEqual([200, 200]);
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 29_000);
        expect((await post('/api/auth/refresh', {}, { cookie: inGrace.cookie })).status).toBe(200);

        vi.setSystemTime(Date.now() + 2_000);
        const reuse = await post('/api/auth/refresh', {}, { cookie: late.cookie });
        expect(reuse.status).toBe(401);
        expect((await reuse.json()).error.message).toMatch(/old refresh token was reused/);
        // The whole session is gone: the current token no longer works either.
        expect((await post('/api/auth/refresh', {}, { cookie: cookieOf(rotatedLate) })).status).toBe(401);
        const rows = await t.app.ctx.db
          .selectFrom('sessions')
          .select('id')
          .where('user_id', '=', late.userId)
          .execute();
        expect(rows).toEqual([]);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe('brute force', () => {
    it('answers 429 after LOGIN_MAX attempts at login and at the 2FA verify-temp step', async () => {
      const limited = await startTestApp(dialect, { env: { LOGIN_MAX: '3' } });
      try {
        const s = await signUp(limited);
        await turnOnTwoFactor(limited.base, s.token);
        // signUp's own login (before 2FA) counted once; two more wrong passwords reach the limit.
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) {
          const res = await fetch(`${limited.base}/api/auth/login`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ email: s.email, password: `wrong password ${i}` }),
          });
          statuses.push(res.status);
        }
        expect(statuses).toEqual([401, 401, 429]);
        // Even the right password is refused while limited.
        const right = await fetch(`${limited.base}/api/auth/login`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email: s.email, password: PASSWORD }),
        });
        expect(right.status).toBe(429);

        const verifyTemp = () =>
          fetch(`${limited.base}/api/auth/2fa/verify-temp`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ tempToken: 'not-a-token', token: '000000' }),
          });
        const codes: number[] = [];
        for (let i = 0; i < 4; i++) codes.push((await verifyTemp()).status);
        expect(codes.slice(0, 3).every((c) => c !== 429 && c >= 400)).toBe(true);
        expect(codes[3]).toBe(429);
      } finally {
        await limited.close();
      }
    });
  });

  describe('same-site cookies', () => {
    it('sets the refresh cookie HttpOnly, SameSite=Strict, Path=/api/auth on every rotation', async () => {
      const s = await signUp(t);
      const res = await post('/api/auth/refresh', {}, { cookie: s.cookie });
      const cookie = res.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
      expect(cookie).toMatch(/Path=\/api\/auth(;|$)/);
    });

    it('refuses cross-site refresh and logout; same-origin requests work', async () => {
      const s = await signUp(t);
      let cookie = s.cookie;
      const crossSite: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { origin: `${t.base}.evil.example` },
      ];
      for (const headers of crossSite) {
        for (const route of ['/api/auth/refresh', '/api/auth/logout']) {
          const res = await post(route, {}, { cookie, ...headers });
          expect(res.status, `${route} ${JSON.stringify(headers)}`).toBe(403);
          expect(res.headers.get('set-cookie'), route).toBeNull();
        }
      }
      // The session survived every refused attempt.
      const sameSite: Record<string, string>[] = [
        { 'sec-fetch-site': 'same-origin', origin: t.base },
        { origin: t.base },
        {},
      ];
      for (const headers of sameSite) {
        const res = await post('/api/auth/refresh', {}, { cookie, ...headers });
        expect(res.status, JSON.stringify(headers)).toBe(200);
        cookie = cookieOf(res);
      }
      const out = await post(
        '/api/auth/logout',
        {},
        { cookie, origin: t.base, 'sec-fetch-site': 'same-origin' },
      );
      expect(out.status).toBe(200);
      expect((await post('/api/auth/refresh', {}, { cookie })).status).toBe(401);
    });
  });

  describe('A/B isolation', () => {
    const MARK = 'Zanzibar';

    /**
     * Routes that take a token but have no attack below, each with the reason. Every other route
     * that answers 401 without a token must have an attack: a new route fails this test until it
     * is given one or a reason here.
     */
    const EXEMPT: Record<string, string> = {
      'DELETE /api/user': "deletes the caller's own account; takes no id (account.test.ts)",
      'POST /api/user/terms/accept': "records the caller's own acceptance; takes no id",
      'POST /api/files/images/avatar': "replaces the caller's own picture; takes no id (account.test.ts)",
      'POST /api/files': "stores a new file of the caller's; takes no id (files.test.ts)",
      'POST /api/files/images': "stores a new image of the caller's; takes no id (files-images.test.ts)",
      'POST /api/agents': "creates an agent of the caller's; takes no id (agents.test.ts)",
      'POST /api/agents/import': "creates an agent of the caller's; takes no id (agents.test.ts)",
      'POST /api/prompts': "creates a prompt group of the caller's; takes no id (prompts.test.ts)",
      'POST /api/prompts/import':
        "imports prompt groups into the caller's account; takes no id (prompts.test.ts)",
      'POST /api/actions/validate': 'parses the spec it is sent; reads nothing stored (actions.test.ts)',
      'POST /api/convos/import': "imports into the caller's account; the job it starts is attacked below",
      'POST /api/auth/2fa/enable': "the caller's own second factor; takes no id (two-factor.test.ts)",
      'POST /api/auth/2fa/verify': "the caller's own second factor; takes no id (two-factor.test.ts)",
      'POST /api/auth/2fa/confirm': "the caller's own second factor; takes no id (two-factor.test.ts)",
      'POST /api/auth/2fa/disable': "the caller's own second factor; takes no id (two-factor.test.ts)",
      'POST /api/auth/2fa/backup/regenerate':
        "the caller's own second factor; takes no id (two-factor.test.ts)",
    };

    it("user B can neither read nor change nor delete any of A's resources, on every authenticated route", async () => {
      // Both plain users: the first sign-up of an app would be its admin.
      const a = await makeUser(t);
      const b = await makeUser(t);
      const api = (s: Session, method: string, p: string, body?: unknown) =>
        fetch(`${t.base}${p}`, {
          method,
          headers: body === undefined ? { authorization: `Bearer ${s.token}` } : authed(s),
          body: body === undefined ? undefined : JSON.stringify(body),
        });

      // A's resources: a conversation with messages, a preset, a bookmark on it, a shared link, a
      // stored key, an import job, and (below) a reply still being generated.
      const chat = finalFrame(await readFrames(await postChat(t, a, { text: `${MARK} plans` })));
      const convoId = chat.conversation.conversationId!;
      const messageId = chat.responseMessage.messageId;
      await api(a, 'POST', '/api/convos/update', {
        arg: { conversationId: convoId, title: `${MARK} title` },
      });
      const preset = await (
        await api(a, 'POST', '/api/presets', { endpoint: 'openAI', model: 'gpt-4o', title: `${MARK} preset` })
      ).json();
      expect((await api(a, 'POST', '/api/tags', { tag: `${MARK}-tag` })).status).toBe(200);
      expect((await api(a, 'PUT', `/api/tags/convo/${convoId}`, { tags: [`${MARK}-tag`] })).status).toBe(200);
      const share = await (await api(a, 'POST', `/api/share/${convoId}`)).json();
      expect(share.shareId).toBeTruthy();
      const keyExpiry = Date.now() + 3_600_000;
      expect(
        (await api(a, 'PUT', '/api/keys', { name: 'MyLLM', value: `sk-${MARK}`, expiresAt: keyExpiry }))
          .status,
      ).toBe(204);
      // A web_search key (tool auth): the app has no server Serper key, so users give theirs.
      expect(
        (
          await api(a, 'POST', '/api/user/plugins', {
            pluginKey: 'web_search',
            action: 'install',
            auth: { SERPER_API_KEY: `sk-${MARK}` },
          })
        ).status,
      ).toBe(204);
      const job = await importAs(a, `${MARK} import`);
      const fileForm = new FormData();
      fileForm.append('file', new Blob([`${MARK} file`], { type: 'text/plain' }), `${MARK}.txt`);
      const file = await (
        await fetch(`${t.base}/api/files`, {
          method: 'POST',
          headers: { authorization: `Bearer ${a.token}` },
          body: fileForm,
        })
      ).json();
      expect(file.file_id).toBeTruthy();
      const aBalance = (await (await api(a, 'GET', '/api/balance')).json()).tokenCredits;
      const agent = await (
        await api(a, 'POST', '/api/agents', {
          name: `${MARK} agent`,
          instructions: `${MARK} instructions`,
          provider: 'openAI',
          model: 'gpt-4o',
        })
      ).json();
      expect(agent.id).toBeTruthy();
      // An MCP server of A's own (never connected: its URL does not resolve).
      const mcpServer = 'a-own-mcp';
      expect(
        (
          await api(a, 'POST', '/api/mcp/servers', {
            serverName: mcpServer,
            config: {
              type: 'streamable-http',
              url: 'https://mcp.invalid/mcp',
              title: `${MARK} server`,
              headers: { Authorization: `Bearer sk-${MARK}` },
            },
          })
        ).status,
      ).toBe(201);
      // An OpenAPI action on A's agent, with an API key (a literal public address: no DNS needed).
      const actionSpec = (title: string) =>
        JSON.stringify({
          openapi: '3.0.3',
          info: { title, version: '1' },
          servers: [{ url: 'https://93.184.215.14/v1' }],
          paths: { '/ping': { get: { operationId: 'ping', responses: { '200': { description: 'ok' } } } } },
        });
      const savedAction = await api(a, 'POST', `/api/agents/actions/${agent.id}`, {
        metadata: {
          raw_spec: actionSpec(`${MARK} API`),
          auth: { type: 'service_http', authorization_type: 'bearer' },
          api_key: `sk-${MARK}-action`,
        },
      });
      expect(savedAction.status, await savedAction.clone().text()).toBe(200);
      const [, action] = await savedAction.json();

      // A code block of A's reply run (the run button): its record and the file it made. JavaScript,
      // which every sandbox mode but off runs.
      const ran = await api(a, 'POST', '/api/agents/tools/execute_code/call', {
        messageId,
        conversationId: convoId,
        partIndex: 0,
        blockIndex: 0,
        lang: 'js',
        code: `console.log("${MARK} ran"); Deno.writeTextFileSync("out.txt", "${MARK}");`,
      });
      expect(ran.status, await ran.clone().text()).toBe(200);
      const ranFile = (await ran.json()).attachments[0].file_id as string;

      // A prompt group of A's with two versions (the library, issue 18).
      const promptCreated = await (
        await api(a, 'POST', '/api/prompts', {
          prompt: { prompt: `${MARK} prompt text`, type: 'text' },
          group: { name: `${MARK} prompt`, oneliner: `${MARK} line`, command: 'mark' },
        })
      ).json();
      const promptGroupId = promptCreated.group._id as string;
      const promptId = promptCreated.prompt._id as string;
      const promptV2 = await (
        await api(a, 'POST', `/api/prompts/groups/${promptGroupId}/prompts`, {
          prompt: { prompt: `${MARK} v2` },
        })
      ).json();

      /** What B must never see in an answer. */
      const secrets = [
        promptGroupId,
        promptId,
        promptV2._id,
        MARK,
        a.userId,
        convoId,
        messageId,
        share.shareId,
        preset.presetId,
        job.jobId,
        file.file_id,
        agent.id,
        action.action_id,
        ranFile,
      ];
      /** B is refused (403 or 404), and the refusal tells nothing of A's. */
      const refused = (method: string, p: string, body?: unknown) => async (): Promise<void> => {
        const res = await api(b, method, p, body);
        expect([403, 404], `${method} ${p}`).toContain(res.status);
        expect(await res.text(), `${method} ${p}`).not.toContain(MARK);
      };
      /** B's own view: it answers, and holds nothing of A's (`echo`: what the answer repeats back). */
      const blind =
        (p: string, echo: string[] = []) =>
        async (): Promise<void> => {
          const res = await api(b, 'GET', p);
          expect(res.status, p).toBe(200);
          const text = await res.text();
          for (const secret of secrets) if (!echo.includes(secret)) expect(text, p).not.toContain(secret);
        };
      /** B acts on B's own data under A's names; whether A's survived is checked at the end. */
      const ownOnly =
        (method: string, p: string, body: unknown, status: number) => async (): Promise<void> => {
          const res = await api(b, method, p, body);
          expect(res.status, `${method} ${p}`).toBe(status);
          expect(await res.text(), `${method} ${p}`).not.toContain(MARK);
        };

      // A reply of A's that streams while B attacks it (about 2 s).
      const live = await postChat(t, a, { text: `${MARK} long [[fake:tokens=200 tps=100]]` });
      const head = await readFrames(live, (f) => f.seq >= 2);
      const started = head[0].data as Extract<SseFrame, { created: true }>;
      const liveConvo = started.conversation.conversationId;
      const whileStreaming: Record<string, () => Promise<void>> = {
        'GET /api/chat/stream/:streamId': refused('GET', `/api/chat/stream/${started.streamId}`),
        'POST /api/chat/abort': async () => {
          // Every abort key that names A's reply, as B could learn or guess it.
          for (const abortKey of [
            `${liveConvo}:${started.message.messageId}`,
            `${liveConvo}:${started.responseMessage.messageId}`,
            liveConvo,
            `new:${started.responseMessage.messageId}`,
          ]) {
            await refused('POST', '/api/chat/abort', { abortKey })();
          }
        },
        'GET /api/chat/active': async () => {
          expect((await (await api(b, 'GET', '/api/chat/active')).json()).generations).toEqual([]);
        },
      };
      for (const attack of Object.values(whileStreaming)) await attack();
      // The attacks hit a running reply, and it finishes as if nothing happened.
      const running = (await (await api(a, 'GET', '/api/chat/active')).json()).generations;
      expect(running.map((g: { streamId: string }) => g.streamId)).toContain(started.streamId);
      const tail = finalFrame(await readFrames(await api(a, 'GET', `/api/chat/stream/${started.streamId}`)));
      expect(tail.responseMessage).toMatchObject({ unfinished: false, error: false });
      expect(tail.responseMessage.finish_reason).not.toBe('abort');

      const attacks: Record<string, () => Promise<void>> = {
        'POST /api/chat': async () => {
          const sent = await postChat(t, b, {
            text: 'mine now',
            conversationId: convoId,
            parentMessageId: messageId,
          });
          expect(sent.status).toBe(404);
          expect(await sent.text()).not.toContain(MARK);
        },
        'GET /api/convos': async () => {
          await blind('/api/convos')();
          await blind(`/api/convos?search=${MARK}`)();
          await blind(`/api/convos?tags[]=${MARK}-tag`)();
        },
        'GET /api/convos/:conversationId': refused('GET', `/api/convos/${convoId}`),
        'GET /api/convos/gen_title/:conversationId': refused('GET', `/api/convos/gen_title/${convoId}`),
        'POST /api/convos/update': refused('POST', '/api/convos/update', {
          arg: { conversationId: convoId, title: 'B was here' },
        }),
        'POST /api/convos/archive': refused('POST', '/api/convos/archive', {
          arg: { conversationId: convoId, isArchived: true },
        }),
        'POST /api/convos/duplicate': refused('POST', '/api/convos/duplicate', { conversationId: convoId }),
        'POST /api/convos/fork': refused('POST', '/api/convos/fork', {
          conversationId: convoId,
          messageId,
          option: 'directPath',
          splitAtTarget: false,
        }),
        'DELETE /api/convos': refused('DELETE', '/api/convos', { arg: { conversationId: convoId } }),
        'DELETE /api/convos/all': ownOnly('DELETE', '/api/convos/all', undefined, 201),
        'GET /api/convos/import/:jobId': refused('GET', `/api/convos/import/${job.jobId}`),
        'GET /api/messages': blind(`/api/messages?search=${MARK}`),
        'GET /api/messages/:conversationId': refused('GET', `/api/messages/${convoId}`),
        'PUT /api/messages/:conversationId/:messageId': refused(
          'PUT',
          `/api/messages/${convoId}/${messageId}`,
          {
            text: 'B was here',
          },
        ),
        'POST /api/messages/artifact/:messageId': refused('POST', `/api/messages/artifact/${messageId}`, {
          index: 0,
          messageId,
          original: 'x',
          updated: 'B was here',
        }),
        'GET /api/keys': refused('GET', '/api/keys?name=MyLLM'),
        'PUT /api/keys': ownOnly('PUT', '/api/keys', { name: 'MyLLM', value: 'sk-b', expiresAt: null }, 204),
        'DELETE /api/keys/:name': ownOnly('DELETE', '/api/keys/MyLLM', undefined, 204),
        'DELETE /api/keys': ownOnly('DELETE', '/api/keys?all=true', undefined, 204),
        'GET /api/agents/tools/:toolId/auth': async () => {
          const res = await api(b, 'GET', '/api/agents/tools/web_search/auth');
          expect(await res.json()).toEqual({ authenticated: false, message: 'user_provided' });
        },
        'POST /api/user/plugins': ownOnly(
          'POST',
          '/api/user/plugins',
          { pluginKey: 'web_search', action: 'uninstall' },
          204,
        ),
        'GET /api/mcp/tools': blind('/api/mcp/tools'),
        'GET /api/mcp/servers': blind('/api/mcp/servers'),
        // B's own server under A's name: allowed (names are per user), and nothing of A's in it;
        // A's stays A's (checked at the end).
        'POST /api/mcp/servers': async () => {
          const res = await api(b, 'POST', '/api/mcp/servers', {
            serverName: mcpServer,
            config: { type: 'sse', url: 'https://mcp-b.invalid/sse' },
          });
          expect(res.status).toBe(201);
          const text = await res.text();
          for (const x of [`sk-${MARK}`, 'mcp.invalid/mcp', `${MARK} server`]) expect(text).not.toContain(x);
        },
        'GET /api/mcp/servers/:serverName': async () => {
          const text = await (await api(b, 'GET', `/api/mcp/servers/${mcpServer}`)).text();
          for (const x of [`sk-${MARK}`, 'mcp.invalid/mcp', `${MARK} server`]) expect(text).not.toContain(x);
        },
        'PATCH /api/mcp/servers/:serverName': refused('PATCH', '/api/mcp/servers/none', {
          config: { type: 'sse', url: 'https://mcp-b.invalid/sse' },
        }),
        'DELETE /api/mcp/servers/:serverName': refused('DELETE', '/api/mcp/servers/none'),
        'POST /api/mcp/:serverName/reinitialize': refused('POST', '/api/mcp/none/reinitialize', {}),
        'GET /api/mcp/connection/status': blind('/api/mcp/connection/status'),
        'GET /api/mcp/connection/status/:serverName': refused('GET', '/api/mcp/connection/status/none'),
        'GET /api/mcp/:serverName/auth-values': refused('GET', '/api/mcp/none/auth-values'),
        'GET /api/mcp/:serverName/prompts': refused('GET', '/api/mcp/none/prompts'),
        'GET /api/mcp/:serverName/oauth/initiate': refused('GET', '/api/mcp/none/oauth/initiate'),
        // A's sign-in flows (LibreChat's flow id `<userId>:<server>`): never B's to read, bind or cancel.
        'GET /api/mcp/oauth/status/:flowId': refused('GET', `/api/mcp/oauth/status/${a.userId}:${mcpServer}`),
        'GET /api/mcp/oauth/tokens/:flowId': refused('GET', `/api/mcp/oauth/tokens/${a.userId}:${mcpServer}`),
        'POST /api/mcp/:serverName/oauth/bind': refused('POST', '/api/mcp/none/oauth/bind', {}),
        'POST /api/mcp/oauth/cancel/:serverName': refused('POST', '/api/mcp/oauth/cancel/none', {}),
        'GET /api/presets': blind('/api/presets'),
        'POST /api/presets': refused('POST', '/api/presets', {
          presetId: preset.presetId,
          endpoint: 'openAI',
          title: 'B was here',
        }),
        'DELETE /api/presets/:presetId': refused('DELETE', `/api/presets/${preset.presetId}`),
        'GET /api/tags': blind('/api/tags'),
        'POST /api/tags': async () => {
          // A bookmark of B's own, which must not land on A's conversation.
          const res = await api(b, 'POST', '/api/tags', {
            tag: 'B-tag',
            addToConversation: true,
            conversationId: convoId,
          });
          expect([200, 404]).toContain(res.status);
          expect(await res.text()).not.toContain(MARK);
        },
        'PUT /api/tags/convo/:conversationId': refused('PUT', `/api/tags/convo/${convoId}`, {
          tags: ['B-tag'],
        }),
        'PUT /api/tags/:tag': refused('PUT', `/api/tags/${encodeURIComponent(`${MARK}-tag`)}`, {
          description: 'B was here',
        }),
        'DELETE /api/tags/:tag': refused('DELETE', `/api/tags/${encodeURIComponent(`${MARK}-tag`)}`),
        'GET /api/share': blind('/api/share'),
        'GET /api/share/link/:conversationId': async () => {
          await blind(`/api/share/link/${convoId}`, [convoId])();
          expect((await (await api(b, 'GET', `/api/share/link/${convoId}`)).json()).shareId).toBeNull();
        },
        'POST /api/share/:conversationId': refused('POST', `/api/share/${convoId}`),
        'PATCH /api/share/:shareId': refused('PATCH', `/api/share/${share.shareId}`),
        'DELETE /api/share/:shareId': refused('DELETE', `/api/share/${share.shareId}`),
        'GET /api/user': blind('/api/user'),
        'GET /api/user/terms': blind('/api/user/terms'),
        'GET /api/balance': async () => {
          await blind('/api/balance')();
          // Balances are per user: A's replies were charged to A only.
          expect((await (await api(b, 'GET', '/api/balance')).json()).tokenCredits).toBe(100000);
        },
        'GET /api/endpoints': blind('/api/endpoints'),
        'GET /api/models': blind('/api/models'),
        'GET /api/search/enable': blind('/api/search/enable'),
        'GET /api/roles/:name': refused('GET', '/api/roles/ADMIN'),
        'PUT /api/roles/:name/:permissionType': refused('PUT', '/api/roles/USER/bookmarks', { USE: false }),
        'GET /api/admin/users': refused('GET', '/api/admin/users'),
        'PUT /api/admin/users/:userId/role': refused('PUT', `/api/admin/users/${b.userId}/role`, {
          role: 'ADMIN',
        }),
        'POST /api/admin/users/:userId/ban': refused('POST', `/api/admin/users/${a.userId}/ban`, {}),
        'DELETE /api/admin/users/:userId/ban': refused('DELETE', `/api/admin/users/${a.userId}/ban`),
        'DELETE /api/admin/users/:userId': refused('DELETE', `/api/admin/users/${a.userId}`),
        'POST /api/admin/users/:userId/balance': refused('POST', `/api/admin/users/${b.userId}/balance`, {
          amount: 1000,
        }),
        'GET /api/admin/usage': refused('GET', '/api/admin/usage?from=0&to=1000'),
        'GET /api/admin/banners': refused('GET', '/api/admin/banners'),
        'POST /api/admin/banners': refused('POST', '/api/admin/banners', { message: 'B was here' }),
        'PUT /api/admin/banners/:bannerId': refused('PUT', `/api/admin/banners/${randomUUID()}`, {
          message: 'B was here',
        }),
        'DELETE /api/admin/banners/:bannerId': refused('DELETE', `/api/admin/banners/${randomUUID()}`),
        'GET /api/files': async () => {
          await blind('/api/files')();
          await blind(`/api/files?search=${MARK}`)();
        },
        'GET /api/files/config': blind('/api/files/config'),
        'GET /api/agents/tools': blind('/api/agents/tools'),
        // B cannot run a block of A's reply, nor list the records of A's conversation.
        'POST /api/agents/tools/:toolId/call': refused('POST', '/api/agents/tools/execute_code/call', {
          messageId,
          conversationId: convoId,
          partIndex: 0,
          blockIndex: 0,
          lang: 'js',
          code: 'console.log(Deno.readTextFileSync("out.txt"))',
        }),
        'GET /api/agents/tools/calls': blind(`/api/agents/tools/calls?conversationId=${convoId}`),
        // A's reply cannot be resumed with B's answer (it is not B's conversation).
        'POST /api/chat/approval': refused('POST', '/api/chat/approval', {
          conversationId: convoId,
          messageId,
          toolCallId: 'call_1',
          approved: true,
        }),
        'GET /api/files/:fileId': refused('GET', `/api/files/${file.file_id}`),
        'GET /api/files/download/:userId/:fileId': async () => {
          await refused('GET', `/api/files/download/${a.userId}/${file.file_id}`)();
          await refused('GET', `/api/files/download/${b.userId}/${file.file_id}`)();
        },
        'DELETE /api/files': async () => {
          await refused('DELETE', '/api/files', { files: [{ file_id: file.file_id }] })();
          await refused('DELETE', '/api/files', { files: [{ file_id: file.file_id }], agent_id: agent.id })();
        },
        'GET /api/agents': async () => {
          await blind('/api/agents')();
          await blind(`/api/agents?search=${MARK}`)();
        },
        'GET /api/agents/categories': blind('/api/agents/categories'),
        'GET /api/agents/:id': refused('GET', `/api/agents/${agent.id}`),
        'GET /api/agents/:id/expanded': refused('GET', `/api/agents/${agent.id}/expanded`),
        'PATCH /api/agents/:id': refused('PATCH', `/api/agents/${agent.id}`, { name: 'B was here' }),
        'DELETE /api/agents/:id': refused('DELETE', `/api/agents/${agent.id}`),
        'POST /api/agents/:id/duplicate': refused('POST', `/api/agents/${agent.id}/duplicate`),
        'GET /api/agents/:id/versions': refused('GET', `/api/agents/${agent.id}/versions`),
        'POST /api/agents/:id/revert': refused('POST', `/api/agents/${agent.id}/revert`, { version: 1 }),
        'GET /api/agents/:id/usage': refused('GET', `/api/agents/${agent.id}/usage`),
        'GET /api/files/agent/:agent_id': refused('GET', `/api/files/agent/${agent.id}`),
        'GET /api/agents/actions': async () => {
          await blind('/api/agents/actions')();
          await refused('GET', `/api/agents/actions?agent_id=${agent.id}`)();
        },
        'POST /api/agents/actions/:agent_id': async () => {
          await refused('POST', `/api/agents/actions/${agent.id}`, {
            metadata: { raw_spec: actionSpec('B was here') },
          })();
          await refused('POST', `/api/agents/actions/${agent.id}`, {
            action_id: action.action_id,
            metadata: { raw_spec: actionSpec('B was here') },
          })();
        },
        'DELETE /api/agents/actions/:agent_id/:action_id': refused(
          'DELETE',
          `/api/agents/actions/${agent.id}/${action.action_id}`,
        ),
        'POST /api/actions/:action_id/oauth/bind': refused(
          'POST',
          `/api/actions/${action.action_id}/oauth/bind`,
        ),
        'POST /api/files/images/agents/:agent_id/avatar': refused(
          'POST',
          `/api/files/images/agents/${agent.id}/avatar`,
        ),
        // The prompt library (issue 18).
        'GET /api/prompts/groups': async () => {
          await blind('/api/prompts/groups')();
          await blind(`/api/prompts/groups?name=${MARK}`)();
          await blind('/api/prompts/groups?name=mark')();
        },
        'GET /api/prompts/all': blind('/api/prompts/all'),
        'GET /api/prompts/export': blind('/api/prompts/export'),
        'GET /api/prompts/users': blind(`/api/prompts/users?email=${encodeURIComponent(a.email)}`),
        'GET /api/categories': blind('/api/categories'),
        'GET /api/prompts/groups/:groupId': refused('GET', `/api/prompts/groups/${promptGroupId}`),
        'GET /api/prompts': refused('GET', `/api/prompts?groupId=${promptGroupId}`),
        'GET /api/prompts/:promptId': refused('GET', `/api/prompts/${promptId}`),
        'POST /api/prompts/groups/:groupId/prompts': refused(
          'POST',
          `/api/prompts/groups/${promptGroupId}/prompts`,
          {
            prompt: { prompt: 'B was here' },
            makeProduction: true,
          },
        ),
        'PATCH /api/prompts/groups/:groupId': async () => {
          await refused('PATCH', `/api/prompts/groups/${promptGroupId}`, { name: 'B was here' })();
          await refused('PATCH', `/api/prompts/groups/${promptGroupId}`, { projectIds: ['instance'] })();
        },
        'PATCH /api/prompts/:promptId/tags/production': refused(
          'PATCH',
          `/api/prompts/${promptV2._id}/tags/production`,
          {},
        ),
        'DELETE /api/prompts/:promptId': async () => {
          await refused('DELETE', `/api/prompts/${promptId}`)();
          await refused('DELETE', `/api/prompts/${promptId}?groupId=${promptGroupId}`)();
        },
        'DELETE /api/prompts/groups/:groupId': refused('DELETE', `/api/prompts/groups/${promptGroupId}`),
        'POST /api/prompts/groups/:groupId/use': refused('POST', `/api/prompts/groups/${promptGroupId}/use`),
        'GET /api/prompts/groups/:groupId/shares': refused(
          'GET',
          `/api/prompts/groups/${promptGroupId}/shares`,
        ),
        'PUT /api/prompts/groups/:groupId/shares': refused(
          'PUT',
          `/api/prompts/groups/${promptGroupId}/shares`,
          {
            emails: [b.email],
          },
        ),
      };
      for (const attack of Object.values(attacks)) await attack();

      // Every route that needs a token is attacked above or exempt with a reason; every entry
      // names a route that exists (so a renamed route cannot leave a stale, silent entry).
      const routes = apiRoutes(t);
      const needToken: string[] = [];
      for (const r of routes) {
        const res = await fetch(`${t.base}${r.url.replace(/:[^/]+/g, 'probe')}`, { method: r.method });
        const body = await res.json().catch(() => null);
        if (res.status === 401 && body?.error?.code === 'unauthorized')
          needToken.push(routeKey(r.method, r.url));
      }
      expect(needToken.length).toBeGreaterThan(40);
      const covered = new Set(
        [...Object.keys(whileStreaming), ...Object.keys(attacks), ...Object.keys(EXEMPT)].map((k) =>
          routeKey(...(k.split(' ') as [string, string])),
        ),
      );
      expect(needToken.filter((k) => !covered.has(k))).toEqual([]);
      const existing = new Set(routes.map((r) => routeKey(r.method, r.url)));
      expect([...covered].filter((k) => !existing.has(k))).toEqual([]);

      // A's resources are untouched.
      const convo = await (await api(a, 'GET', `/api/convos/${convoId}`)).json();
      expect(convo).toMatchObject({ title: `${MARK} title`, isArchived: false, tags: [`${MARK}-tag`] });
      const messages = await (await api(a, 'GET', `/api/messages/${convoId}`)).json();
      expect(JSON.stringify(messages)).not.toContain('B was here');
      expect(messages).toHaveLength(2);
      const presets = await (await api(a, 'GET', '/api/presets')).json();
      expect(presets.map((p: { title: string }) => p.title)).toEqual([`${MARK} preset`]);
      const tags = await (await api(a, 'GET', '/api/tags')).json();
      expect(tags.find((x: { tag: string }) => x.tag === `${MARK}-tag`)).toMatchObject({ description: null });
      expect(tags.map((x: { tag: string }) => x.tag)).not.toContain('B-tag');
      expect((await fetch(`${t.base}/api/share/${share.shareId}`)).status).toBe(200);
      expect(await (await api(a, 'GET', '/api/keys?name=MyLLM')).json()).toEqual({ expiresAt: keyExpiry });
      expect(await (await api(a, 'GET', '/api/agents/tools/web_search/auth')).json()).toEqual({
        authenticated: true,
        message: 'user_provided',
      });
      expect((await api(a, 'GET', `/api/convos/import/${job.jobId}`)).status).toBe(200);
      const records = await (await api(a, 'GET', `/api/agents/tools/calls?conversationId=${convoId}`)).json();
      expect(records).toMatchObject([{ messageId, result: `${MARK} ran` }]);
      const titles = (await (await api(a, 'GET', '/api/convos')).json()).conversations.map(
        (c: { title: string }) => c.title,
      );
      expect(titles).toContain(`${MARK} import`);
      const me = await (await api(a, 'GET', '/api/user')).json();
      expect(me).toMatchObject({ id: a.userId, role: 'USER' });
      expect((await (await api(a, 'GET', '/api/balance')).json()).tokenCredits).toBeLessThan(aBalance);
      expect(aBalance).toBeLessThan(100000);
      const ownMcp = await (await api(a, 'GET', `/api/mcp/servers/${mcpServer}`)).json();
      expect(ownMcp).toMatchObject({
        serverName: mcpServer,
        title: `${MARK} server`,
        url: 'https://mcp.invalid/mcp',
      });
      const actionsAfter = await (await api(a, 'GET', `/api/agents/actions?agent_id=${agent.id}`)).json();
      expect(actionsAfter.map((x: { action_id: string }) => x.action_id)).toEqual([action.action_id]);
      expect(actionsAfter[0].metadata.raw_spec).not.toContain('B was here');
      const mine = await (await api(a, 'GET', `/api/agents/${agent.id}`)).json();
      expect(mine).toMatchObject({ name: `${MARK} agent`, instructions: `${MARK} instructions`, version: 2 }); // 2: its action added tools
      const download = await api(a, 'GET', `/api/files/download/${a.userId}/${file.file_id}`);
      expect(await download.text()).toBe(`${MARK} file`);
      const promptGroup = await (await api(a, 'GET', `/api/prompts/groups/${promptGroupId}`)).json();
      expect(promptGroup).toMatchObject({
        name: `${MARK} prompt`,
        productionId: promptId,
        isPublic: false,
        numberOfGenerations: 0,
      });
      const promptVersions = await (await api(a, 'GET', `/api/prompts?groupId=${promptGroupId}`)).json();
      expect(promptVersions.map((v: { _id: string }) => v._id)).toEqual([promptV2._id, promptId]);
      expect(
        (await (await api(a, 'GET', `/api/prompts/groups/${promptGroupId}/shares`)).json()).users,
      ).toEqual([]);
    });

    /** Import a two-conversation file as `s` (the first one renamed `title`) and wait for the job. */
    async function importAs(s: Session, title: string): Promise<ImportJob> {
      const file = readFileSync(path.join(import.meta.dirname, 'fixtures/import/chatbot-ui.json'), 'utf8');
      const form = new FormData();
      form.append(
        'file',
        new Blob([file.replace('Regex for dates', title)], { type: 'application/json' }),
        'x.json',
      );
      const res = await fetch(`${t.base}/api/convos/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.token}` },
        body: form,
      });
      expect(res.status).toBe(201);
      let job = (await res.json()) as ImportJob;
      for (let i = 0; i < 500 && job.status === 'running'; i++) {
        await new Promise((r) => setTimeout(r, 20));
        job = await (await fetch(`${t.base}/api/convos/import/${job.jobId}`, { headers: authed(s) })).json();
      }
      expect(job).toMatchObject({ status: 'done', imported: 2 });
      return job;
    }
  });

  describe('secrets never leave the server', () => {
    it('no GET route returns a hash, a TOTP secret, a backup code or a refresh token', async () => {
      const a = await signUp(t);
      const { secret, backupCodes, state } = await turnOnTwoFactor(t.base, a.token);
      // Sign in again through 2FA so a second session and its refresh token exist.
      const login = await (await post('/api/auth/login', { email: a.email, password: PASSWORD })).json();
      const verified = await post('/api/auth/2fa/verify-temp', {
        tempToken: login.tempToken,
        token: await freshCode(secret, state),
      });
      expect(verified.status).toBe(200);
      const session: Session = { ...a, token: (await verified.json()).token, cookie: cookieOf(verified) };
      const chat = finalFrame(await readFrames(await postChat(t, session, { text: 'hello' })));
      const convoId = chat.conversation.conversationId!;
      const fileForm = new FormData();
      fileForm.append('file', new Blob(['file text'], { type: 'text/plain' }), 'f.txt');
      const fileId = (
        await (
          await fetch(`${t.base}/api/files`, {
            method: 'POST',
            headers: { authorization: `Bearer ${session.token}` },
            body: fileForm,
          })
        ).json()
      ).file_id;

      const agentId = (
        await (
          await fetch(`${t.base}/api/agents`, {
            method: 'POST',
            headers: authed(session),
            body: JSON.stringify({ instructions: 'x', provider: 'openAI', model: 'gpt-4o' }),
          })
        ).json()
      ).id;

      const actionKey = 'sk-action-key-never-answered';
      const actionRes = await fetch(`${t.base}/api/agents/actions/${agentId}`, {
        method: 'POST',
        headers: authed(session),
        body: JSON.stringify({
          metadata: {
            raw_spec: JSON.stringify({
              openapi: '3.0.3',
              info: { title: 'API', version: '1' },
              servers: [{ url: 'https://93.184.215.14' }],
              paths: { '/ping': { get: { responses: { '200': { description: 'ok' } } } } },
            }),
            auth: { type: 'service_http', authorization_type: 'bearer' },
            api_key: actionKey,
          },
        }),
      });
      expect(actionRes.status, await actionRes.clone().text()).toBe(200);
      expect(await actionRes.text()).not.toContain(actionKey);

      const promptMade = await (
        await fetch(`${t.base}/api/prompts`, {
          method: 'POST',
          headers: authed(session),
          body: JSON.stringify({ prompt: { prompt: 'p' }, group: { name: 'g' } }),
        })
      ).json();

      const db = t.app.ctx.db;
      const sealedAction = await db
        .selectFrom('actions')
        .select('metadata')
        .where('agent_id', '=', agentId)
        .executeTakeFirstOrThrow();
      expect(sealedAction.metadata).not.toContain(actionKey);
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', a.userId)
        .executeTakeFirstOrThrow();
      const sessions = await db.selectFrom('sessions').selectAll().where('user_id', '=', a.userId).execute();
      const twoFactor = await db
        .selectFrom('two_factor')
        .selectAll()
        .where('user_id', '=', a.userId)
        .executeTakeFirstOrThrow();
      const codes = await db.selectFrom('backup_codes').selectAll().where('user_id', '=', a.userId).execute();
      const secrets = [
        PASSWORD,
        actionKey,
        JSON.parse(sealedAction.metadata).api_key,
        user.password_hash!,
        ...sessions.flatMap((s) => [s.token_hash, s.prev_token_hash].filter((h): h is string => !!h)),
        secret,
        twoFactor.secret!,
        ...backupCodes,
        ...codes.map((c) => c.code_hash),
        a.cookie.split('=')[1],
        session.cookie.split('=')[1],
      ];
      expect(secrets.every((s) => typeof s === 'string' && s.length >= 8)).toBe(true);

      // Every GET route under /api, with its parameters filled in for this user's data.
      const paths: Record<string, string> = {
        '/api/config': '/api/config',
        '/api/endpoints': '/api/endpoints',
        '/api/models': '/api/models',
        '/api/search/enable': '/api/search/enable',
        '/api/banner': '/api/banner',
        '/api/placeholder/:w/:h': '/api/placeholder/40/30',
        '/api/balance': '/api/balance',
        '/api/user': '/api/user',
        '/api/user/terms': '/api/user/terms',
        '/api/convos': '/api/convos',
        '/api/convos/:conversationId': `/api/convos/${convoId}`,
        '/api/convos/gen_title/:conversationId': `/api/convos/gen_title/${convoId}`,
        '/api/convos/import/:jobId': '/api/convos/import/none',
        '/api/messages': '/api/messages?search=hello',
        '/api/messages/:conversationId': `/api/messages/${convoId}`,
        '/api/chat/active': '/api/chat/active',
        '/api/chat/stream/:streamId': '/api/chat/stream/none',
        '/api/keys': '/api/keys?name=openAI',
        '/api/agents/tools/:toolId/auth': '/api/agents/tools/web_search/auth',
        '/api/agents/tools/calls': `/api/agents/tools/calls?conversationId=${convoId}`,
        '/api/presets': '/api/presets',
        '/api/tags': '/api/tags',
        '/api/share': '/api/share',
        '/api/share/link/:conversationId': `/api/share/link/${convoId}`,
        '/api/share/:shareId': '/api/share/none',
        '/api/roles/:name': '/api/roles/USER',
        '/api/admin/users': '/api/admin/users',
        '/api/admin/usage': '/api/admin/usage',
        '/api/admin/banners': '/api/admin/banners',
        '/api/files/avatars/:userId/:name': `/api/files/avatars/${a.userId}/none.png`,
        '/api/files': '/api/files',
        '/api/files/config': '/api/files/config',
        '/api/agents/tools': '/api/agents/tools',
        '/api/files/:fileId': `/api/files/${fileId}`,
        '/api/files/download/:userId/:fileId': `/api/files/download/${a.userId}/${fileId}`,
        '/api/agents': '/api/agents',
        '/api/agents/categories': '/api/agents/categories',
        '/api/agents/:id': `/api/agents/${agentId}`,
        '/api/agents/:id/expanded': `/api/agents/${agentId}/expanded`,
        '/api/agents/:id/versions': `/api/agents/${agentId}/versions`,
        '/api/agents/:id/usage': `/api/agents/${agentId}/usage`,
        '/api/agents/actions': '/api/agents/actions',
        '/api/actions/:action_id/oauth/callback': '/api/actions/none/oauth/callback?code=x&state=y',
        '/api/files/agent/:agent_id': `/api/files/agent/${agentId}`,
        '/api/files/avatars/agents/:agentId/:name': `/api/files/avatars/agents/${agentId}/none.png`,
        '/api/mcp/tools': '/api/mcp/tools',
        '/api/mcp/servers': '/api/mcp/servers',
        '/api/mcp/servers/:serverName': '/api/mcp/servers/none',
        '/api/mcp/connection/status': '/api/mcp/connection/status',
        '/api/mcp/connection/status/:serverName': '/api/mcp/connection/status/none',
        '/api/mcp/:serverName/auth-values': '/api/mcp/none/auth-values',
        '/api/mcp/:serverName/prompts': '/api/mcp/none/prompts',
        '/api/mcp/:serverName/oauth/initiate': '/api/mcp/none/oauth/initiate',
        '/api/mcp/:serverName/oauth/callback': '/api/mcp/none/oauth/callback?code=x&state=y',
        '/api/mcp/oauth/status/:flowId': `/api/mcp/oauth/status/${a.userId}:none`,
        '/api/mcp/oauth/tokens/:flowId': `/api/mcp/oauth/tokens/${a.userId}:none`,
        '/api/categories': '/api/categories',
        '/api/prompts': `/api/prompts?groupId=${promptMade.group._id}`,
        '/api/prompts/:promptId': `/api/prompts/${promptMade.prompt._id}`,
        '/api/prompts/groups': '/api/prompts/groups',
        '/api/prompts/groups/:groupId': `/api/prompts/groups/${promptMade.group._id}`,
        '/api/prompts/groups/:groupId/shares': `/api/prompts/groups/${promptMade.group._id}/shares`,
        '/api/prompts/all': '/api/prompts/all',
        '/api/prompts/export': '/api/prompts/export',
        '/api/prompts/users': `/api/prompts/users?email=${encodeURIComponent(a.email)}`,
      };
      // A new GET route must be added above (and so checked).
      const listed = new Set(Object.keys(paths).map((p) => routeKey('GET', p)));
      const gets = apiRoutes(t).filter((r) => r.method === 'GET');
      expect(gets.map((r) => routeKey('GET', r.url)).filter((k) => !listed.has(k))).toEqual([]);

      for (const p of Object.values(paths)) {
        const res = await fetch(`${t.base}${p}`, { headers: authed(session) });
        const text = await res.text();
        for (const s of secrets) expect(text.includes(s), `${p} leaks a secret`).toBe(false);
        if (res.headers.get('content-type')?.includes('json')) {
          expect(secretFieldsIn(JSON.parse(text)), p).toEqual([]);
        }
      }
    });
  });
});

/** A free TCP port for the child server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * The log test runs the real process entry (main.ts) with LOG_LEVEL=trace and reads what it writes,
 * since the logger writes straight to the process's stdout.
 */
describe('secrets never reach the logs (sqlite)', () => {
  let child: ChildProcess;
  let output = '';
  let base = '';
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'parley-logs-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'trace',
        PORT: String(port),
        DATA_DIR: dir,
        WEB_DIST: '',
        ALLOW_PASSWORD_RESET: 'true',
        LOGIN_MAX: '1000',
        REGISTER_MAX: '1000',
        // An endpoint agents can run on (nothing is called): the actions case needs an agent.
        OPENAI_API_KEY: 'sk-logs-test',
        OPENAI_MODELS: 'gpt-4o',
      },
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    for (let i = 0; i < 300; i++) {
      if (
        await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server did not start:\n${output}`);
  }, 60_000);
  afterAll(async () => {
    child?.kill('SIGTERM');
    await new Promise((r) => child?.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('register, login, refresh, 2FA, reset and logout log no password, token, hash or code', async () => {
    const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${p}`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });
    const email = 'logs@example.com';
    const newPassword = 'another secret pass';
    const wrongPassword = 'wrong secret guess';
    const secrets: string[] = [PASSWORD, newPassword, wrongPassword];

    expect(
      (
        await post('/api/auth/register', {
          name: 'Logs',
          email,
          password: PASSWORD,
          confirm_password: PASSWORD,
        })
      ).status,
    ).toBe(200);
    expect((await post('/api/auth/login', { email, password: wrongPassword })).status).toBe(401);
    const login = await post('/api/auth/login', { email, password: PASSWORD });
    const { token, user } = await login.json();
    const cookie = cookieOf(login);
    const refreshed = await post('/api/auth/refresh', {}, { cookie });
    const refreshedBody = await refreshed.json();
    secrets.push(token, cookie.split('=')[1], cookieOf(refreshed).split('=')[1], refreshedBody.token);

    const { secret, backupCodes, state } = await turnOnTwoFactor(base, refreshedBody.token);
    secrets.push(secret, ...backupCodes);
    const pending = await (await post('/api/auth/login', { email, password: PASSWORD })).json();
    secrets.push(pending.tempToken);
    expect(
      (await post('/api/auth/2fa/verify-temp', { tempToken: pending.tempToken, token: '000000' })).status,
    ).toBe(400);
    const viaCode = await post('/api/auth/2fa/verify-temp', {
      tempToken: pending.tempToken,
      token: await freshCode(secret, state),
    });
    expect(viaCode.status).toBe(200);
    const second = await (await post('/api/auth/login', { email, password: PASSWORD })).json();
    const viaBackup = await post('/api/auth/2fa/verify-temp', {
      tempToken: second.tempToken,
      backupCode: backupCodes[0],
    });
    expect(viaBackup.status).toBe(200);
    secrets.push(second.tempToken, (await viaBackup.json()).token, cookieOf(viaBackup).split('=')[1]);

    const reset = await (await post('/api/auth/requestPasswordReset', { email })).json();
    const resetToken = new URL(reset.link).searchParams.get('token')!;
    secrets.push(resetToken);
    const done = await post('/api/auth/resetPassword', {
      token: resetToken,
      userId: user.id,
      password: newPassword,
      confirm_password: newPassword,
    });
    expect(done.status).toBe(200);
    const last = await post('/api/auth/logout', {}, { cookie: cookieOf(viaCode) });
    expect(last.status).toBe(200);

    // And what the database holds: hashes must not be logged either.
    const sqlite = new SQLite(path.join(dir, 'parley.db'), { readonly: true });
    try {
      const row = sqlite.prepare('select password_hash from users where email = ?').get(email) as {
        password_hash: string;
      };
      secrets.push(row.password_hash);
      const twoFactor = sqlite.prepare('select secret from two_factor').get() as { secret: string };
      secrets.push(twoFactor.secret);
      for (const r of sqlite.prepare('select code_hash from backup_codes').all() as { code_hash: string }[])
        secrets.push(r.code_hash);
    } finally {
      sqlite.close();
    }

    // The logs did record these requests: the test reads the right output.
    expect(output).toMatch(/\/api\/auth\/2fa\/verify-temp/);
    for (const s of secrets) {
      expect(s.length, 'secret').toBeGreaterThanOrEqual(6);
      expect(output.includes(s), `a secret (${s.slice(0, 4)}…) was logged`).toBe(false);
    }
    expect(output).not.toMatch(/"(password|authorization|cookie)":"(?!\[Redacted\])/i);
  });

  it("an action's keys and its OAuth callback's code and state are never logged", async () => {
    const post = (p: string, body: unknown, token?: string) =>
      fetch(`${base}${p}`, {
        method: 'POST',
        headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const email = 'actions-logs@example.com';
    await post('/api/auth/register', { name: 'Logs', email, password: PASSWORD, confirm_password: PASSWORD });
    const { token } = await (await post('/api/auth/login', { email, password: PASSWORD })).json();
    const agent = await (
      await post('/api/agents', { instructions: 'x', provider: 'openAI', model: 'gpt-4o' }, token)
    ).json();
    const secrets = [
      'sk-action-logged-never',
      'client-secret-logged-never',
      'code-logged-never',
      'state-logged-never',
    ];
    const raw_spec = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'API', version: '1' },
      servers: [{ url: 'https://93.184.215.14' }],
      paths: { '/ping': { get: { responses: { '200': { description: 'ok' } } } } },
    });
    const saved = await post(
      `/api/agents/actions/${agent.id}`,
      {
        metadata: {
          raw_spec,
          auth: { type: 'service_http', authorization_type: 'bearer' },
          api_key: secrets[0],
        },
      },
      token,
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
    const [, action] = await saved.json();
    const oauth = await post(
      `/api/agents/actions/${agent.id}`,
      {
        action_id: action.action_id,
        metadata: {
          raw_spec,
          auth: {
            type: 'oauth',
            authorization_url: 'https://93.184.215.14/authorize',
            client_url: 'https://93.184.215.14/token',
            scope: 's',
          },
          oauth_client_id: 'client-id',
          oauth_client_secret: secrets[1],
        },
      },
      token,
    );
    expect(oauth.status).toBe(200);
    const callback = await fetch(
      `${base}/api/actions/${action.action_id}/oauth/callback?code=${secrets[2]}&state=${secrets[3]}`,
    );
    expect(callback.status).toBe(400);
    // The logs did record the callback (written asynchronously): the test reads the right output.
    for (let i = 0; i < 50 && !output.includes(`/api/actions/${action.action_id}/oauth/callback`); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain(`/api/actions/${action.action_id}/oauth/callback`);
    for (const s of secrets) expect(output.includes(s), `${s} was logged`).toBe(false);
  });
});
