import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SseFrame } from '@parley/schema';
import { expect, it } from 'vitest';
import { authed, describeApp, postChat, readFrames, signUp, startTestApp } from './helpers.ts';

const YAML = `version: 1.2.1
endpoints:
  custom:
    - name: MyLLM
      apiKey: user_provided
      baseURL: "{{FAKE}}/compatible/v1"
      models: { default: [my-model] }
    - name: OwnURL
      apiKey: user_provided
      baseURL: user_provided
      models: { default: [own-model] }
`;

const errorOf = (frames: { data: SseFrame }[]) => {
  const e = frames.find((f) => 'error' in f.data)?.data as Extract<SseFrame, { error: true }> | undefined;
  return e ? JSON.parse(e.message) : null;
};

describeApp('user-provided keys', { yaml: YAML, env: { OPENAI_API_KEY: 'user_provided' } }, (t, dialect) => {
  const putKey = (s: Awaited<ReturnType<typeof signUp>>, body: unknown) =>
    fetch(`${t.base}/api/keys`, { method: 'PUT', headers: authed(s), body: JSON.stringify(body) });

  it('marks user-provided endpoints in /api/endpoints', async () => {
    const s = await signUp(t);
    const endpoints = await (await fetch(`${t.base}/api/endpoints`, { headers: authed(s) })).json();
    expect(endpoints.openAI.userProvide).toBe(true);
    expect(endpoints.MyLLM.userProvide).toBe(true);
    expect(endpoints.OwnURL).toMatchObject({ userProvide: true, userProvideURL: true });
    expect(endpoints.anthropic.userProvide).toBe(false);
  });

  it('asks for a key when none is stored, then chats with the user key (stored encrypted)', async () => {
    const s = await signUp(t);
    const missing = await readFrames(
      await postChat(t, s, { text: 'hi', endpoint: 'MyLLM', model: 'my-model' }),
    );
    expect(errorOf(missing)).toEqual({ type: 'no_user_key' });

    const put = await putKey(s, {
      name: 'MyLLM',
      value: 'sk-user-secret-9876',
      expiresAt: Date.now() + 3_600_000,
    });
    expect(put.status).toBe(204);
    const expiry = await (await fetch(`${t.base}/api/keys?name=MyLLM`, { headers: authed(s) })).json();
    expect(expiry.expiresAt).toBeGreaterThan(Date.now());

    const frames = await readFrames(
      await postChat(t, s, { text: 'hello', endpoint: 'MyLLM', model: 'my-model' }),
    );
    expect(frames.some((f) => 'final' in f.data)).toBe(true);
    expect(t.fake.journal.last('compatible')?.headers.authorization).toMatch(/9876$/);

    const rows = await t.app.ctx.db.selectFrom('user_keys').select('value').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.value).not.toContain('sk-user-secret');
  });

  it('names the endpoint and the time when a key has expired', async () => {
    const s = await signUp(t);
    await putKey(s, { name: 'MyLLM', value: 'sk-soon', expiresAt: Date.now() + 60_000 });
    // Expired a second ago (the API refuses to store an expiry in the past).
    await t.app.ctx.db
      .updateTable('user_keys')
      .set({ expires_at: Date.now() - 1000 })
      .where('user_id', '=', s.userId)
      .execute();
    const frames = await readFrames(
      await postChat(t, s, { text: 'hi', endpoint: 'MyLLM', model: 'my-model' }),
    );
    const err = errorOf(frames);
    expect(err.type).toBe('expired_user_key');
    expect(err.endpoint).toBe('MyLLM');
    expect(err.expiredAt).toMatch(/\d/);
  });

  it('rejects keys for endpoints that do not take them and expiries in the past', async () => {
    const s = await signUp(t);
    expect((await putKey(s, { name: 'anthropic', value: 'x', expiresAt: null })).status).toBe(400);
    expect((await putKey(s, { name: 'MyLLM', value: 'x', expiresAt: Date.now() - 1 })).status).toBe(400);
    expect((await putKey(s, { name: 'MyLLM', value: 'x', expiresAt: null })).status).toBe(204);
  });

  it('revokes one key and all keys; keys are private to their owner', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await putKey(a, { name: 'MyLLM', value: 'sk-a', expiresAt: null });
    await putKey(a, { name: 'openAI', value: 'sk-a2', expiresAt: null });
    const other = await fetch(`${t.base}/api/keys?name=MyLLM`, { headers: authed(b) });
    expect(other.status).toBe(404);
    expect((await other.json()).error).toEqual({
      code: 'key_not_found',
      message: 'No key stored for this endpoint.',
    });
    const del = await fetch(`${t.base}/api/keys/MyLLM`, { method: 'DELETE', headers: authed(b) });
    expect(del.status).toBe(204); // B deleting "their" key touches nothing of A's
    expect((await fetch(`${t.base}/api/keys?name=MyLLM`, { headers: authed(a) })).status).toBe(200);

    await fetch(`${t.base}/api/keys/MyLLM`, { method: 'DELETE', headers: authed(a) });
    expect((await fetch(`${t.base}/api/keys?name=MyLLM`, { headers: authed(a) })).status).toBe(404);
    expect((await fetch(`${t.base}/api/keys?name=openAI`, { headers: authed(a) })).status).toBe(200);
    await fetch(`${t.base}/api/keys?all=true`, { method: 'DELETE', headers: authed(a) });
    expect((await fetch(`${t.base}/api/keys?name=openAI`, { headers: authed(a) })).status).toBe(404);
  });

  it('refuses a user base URL on a private address unless the host is allowed', async () => {
    const s = await signUp(t);
    const value = JSON.stringify({ apiKey: 'sk-own', baseURL: `${t.fake.url}/compatible/v1` });
    await putKey(s, { name: 'OwnURL', value, expiresAt: null });
    const frames = await readFrames(
      await postChat(t, s, { text: 'hi', endpoint: 'OwnURL', model: 'own-model' }),
    );
    expect(errorOf(frames).info).toMatch(/private network/);

    const allowed = await startTestApp(dialect, { yaml: YAML, env: { ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
    try {
      const u = await signUp(allowed);
      const ownValue = JSON.stringify({ apiKey: 'sk-own', baseURL: `${allowed.fake.url}/compatible/v1` });
      await fetch(`${allowed.base}/api/keys`, {
        method: 'PUT',
        headers: authed(u),
        body: JSON.stringify({ name: 'OwnURL', value: ownValue, expiresAt: null }),
      });
      const ok = await readFrames(
        await postChat(allowed, u, { text: 'hi', endpoint: 'OwnURL', model: 'own-model' }),
      );
      expect(ok.some((f) => 'final' in f.data)).toBe(true);
    } finally {
      await allowed.close();
    }
  });

  it('refuses a private address reached after the check passed (a redirect), on every request', async () => {
    // The user's host is allowed and passes the check; it sends the provider request on to the
    // fake on 127.0.0.1, which is not allowed: the connection there is refused.
    const app = await startTestApp(dialect, { yaml: YAML, env: { ALLOWED_PRIVATE_HOSTS: 'localhost' } });
    const hop = createServer((req, res) => {
      res.writeHead(307, { location: `${app.fake.url}${req.url}` });
      res.end();
    });
    await new Promise<void>((r) => hop.listen(0, '127.0.0.1', r));
    try {
      const u = await signUp(app);
      const baseURL = `http://localhost:${(hop.address() as AddressInfo).port}/compatible/v1`;
      await fetch(`${app.base}/api/keys`, {
        method: 'PUT',
        headers: authed(u),
        body: JSON.stringify({
          name: 'OwnURL',
          value: JSON.stringify({ apiKey: 'sk-own', baseURL }),
          expiresAt: null,
        }),
      });
      const frames = await readFrames(
        await postChat(app, u, { text: 'hi', endpoint: 'OwnURL', model: 'own-model' }),
      );
      expect(errorOf(frames)).toMatchObject({
        type: 'provider_error',
        info: 'The base URL points to a private network address (127.0.0.1), which is not allowed.',
      });
      expect(app.fake.journal.last()).toBeUndefined(); // the fake never saw the request
    } finally {
      hop.close();
      await app.close();
    }
  });
});
