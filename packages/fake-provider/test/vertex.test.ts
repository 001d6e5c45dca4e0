import { ApiError, GoogleGenAI, Type } from '@google/genai';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestServiceAccount,
  GOOGLE_TOKEN_URL,
  googleAuthOptionsFor,
  signServiceAccountAssertion,
  type TestServiceAccount,
} from '../src/index.ts';
import { useFake } from './helpers.ts';

const ctx = useFake();
let sa: TestServiceAccount;
beforeAll(() => {
  sa = ctx.fake.createServiceAccount({ projectId: 'vertex-proj' });
  // @google/genai console.debug()s "credentials will take precedence over the API key" on every
  // Vertex client given credentials; keep the output readable, let anything else through.
  const debug = console.debug;
  vi.spyOn(console, 'debug').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith('The user provided Google Cloud credentials')) debug(...args);
  });
});

const JWT_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const exchange = (assertion: string, grantType = JWT_GRANT) =>
  fetch(ctx.fake.urls.vertexToken, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: grantType, assertion }).toString(),
  });

/** @google/genai in Vertex mode; google-auth-library's token exchange reaches the fake via `tokenUriFetch`. */
const vertexClient = (opts: { headers?: Record<string, string> } = {}) =>
  new GoogleGenAI({
    vertexai: true,
    project: 'vertex-proj',
    location: 'europe-west4',
    httpOptions: { baseUrl: ctx.fake.urls.vertex, ...(opts.headers ? { headers: opts.headers } : {}) },
    googleAuthOptions: googleAuthOptionsFor(sa),
  });

async function streamAll(client: GoogleGenAI, text: string, config: Record<string, unknown> = {}) {
  const stream = await client.models.generateContentStream({
    model: 'gemini-2.5-flash',
    contents: text,
    config,
  });
  const out = { text: '', thoughts: '', calls: [] as unknown[], finish: '', createTime: '', traffic: '' };
  for await (const chunk of stream) {
    for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
      if (part.thought) out.thoughts += part.text ?? '';
      else if (part.text) out.text += part.text;
      if (part.functionCall) out.calls.push(part.functionCall);
    }
    out.finish = chunk.candidates?.[0]?.finishReason ?? out.finish;
    out.createTime = chunk.createTime ?? out.createTime;
    out.traffic = chunk.usageMetadata?.trafficType ?? out.traffic;
  }
  return out;
}

describe('POST /vertex/token (RS256 JWT bearer grant)', () => {
  it('issues a Bearer token for a valid assertion', async () => {
    const res = await exchange(signServiceAccountAssertion(sa));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; expires_in: number; token_type: string };
    expect(body).toEqual({
      access_token: expect.stringMatching(/^ya29\./),
      expires_in: 3600,
      token_type: 'Bearer',
    });
    const entry = ctx.fake.journal.all().at(-1)!;
    expect(entry).toMatchObject({ kind: 'token', dialect: 'vertex', status: 200 });
    expect(entry.auth).toEqual({ scheme: 'oauth', clientEmail: sa.client_email });
    // The journal keeps the claims, not the signature.
    expect(entry.rawBody).toMatch(/assertion=[\w-]+\.[\w-]+\.[\w-]{3}%E2%80%A6/);
  });

  it('also accepts its own URL as the audience, and a JSON body', async () => {
    const res = await exchange(signServiceAccountAssertion(sa, { aud: ctx.fake.urls.vertexToken }));
    expect(res.status).toBe(200);
    const json = await fetch(ctx.fake.urls.vertexToken, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: JWT_GRANT, assertion: signServiceAccountAssertion(sa) }),
    });
    expect(json.status).toBe(200);
    const entry = ctx.fake.journal.all().at(-1)!;
    expect((entry.body as { assertion: string }).assertion).toMatch(/\.[\w-]{3}…[\w-]{4}$/);
  });

  it('rejects a JWT signed by an unregistered key, and one whose signature does not match', async () => {
    const stranger = createTestServiceAccount();
    const unknown = await exchange(signServiceAccountAssertion(stranger));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid grant: account not found',
    });
    // Right email and key id, wrong private key.
    const forged = await exchange(
      signServiceAccountAssertion({
        ...stranger,
        client_email: sa.client_email,
        private_key_id: sa.private_key_id,
      }),
    );
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid JWT Signature.',
    });
  });

  it('rejects an expired JWT and one living longer than an hour', async () => {
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = await exchange(signServiceAccountAssertion(sa, { iat: past, exp: past + 3600 }));
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as { error_description: string }).error_description).toMatch(
      /^Invalid JWT: Token must be a short-lived token \(60 minutes\)/,
    );
    const now = Math.floor(Date.now() / 1000);
    const tooLong = await exchange(signServiceAccountAssertion(sa, { iat: now, exp: now + 7200 }));
    expect(tooLong.status).toBe(400);
  });

  it('rejects other algorithms, missing claims and grant types', async () => {
    const hs = await exchange(signServiceAccountAssertion(sa, {}, { alg: 'HS256' }));
    expect(((await hs.json()) as { error_description: string }).error_description).toBe(
      'Invalid JWT Signature.',
    );
    const noScope = await exchange(signServiceAccountAssertion(sa, { scope: undefined }));
    expect(((await noScope.json()) as { error: string }).error).toBe('invalid_scope');
    const wrongAud = await exchange(signServiceAccountAssertion(sa, { aud: 'https://example.com/token' }));
    expect(((await wrongAud.json()) as { error_description: string }).error_description).toContain(
      GOOGLE_TOKEN_URL,
    );
    const grant = await exchange(signServiceAccountAssertion(sa), 'client_credentials');
    expect(await grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('registers accounts over the control API', async () => {
    const made = (await (
      await fetch(`${ctx.fake.urls.control}/service-accounts`, { method: 'POST', body: '{}' })
    ).json()) as TestServiceAccount;
    expect(made.token_uri).toBe(ctx.fake.urls.vertexToken);
    expect(made.private_key).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect((await exchange(signServiceAccountAssertion(made))).status).toBe(200);
    const other = createTestServiceAccount();
    const reg = await fetch(`${ctx.fake.urls.control}/service-accounts`, {
      method: 'POST',
      body: JSON.stringify({ client_email: other.client_email, private_key: other.private_key }),
    });
    expect(reg.status).toBe(200);
    expect((await exchange(signServiceAccountAssertion(other))).status).toBe(200);
  });
});

describe('@google/genai · Vertex mode (service account, token from the fake)', () => {
  it('streams text with createTime and trafficType, after one token exchange', async () => {
    const before = ctx.fake.journal.all().filter((e) => e.kind === 'token').length;
    const out = await streamAll(vertexClient(), 'Hello Vertex');
    expect(out.text).toMatch(/^You said: "Hello Vertex"/);
    expect(out.finish).toBe('STOP');
    expect(out.createTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(out.traffic).toBe('ON_DEMAND');
    const entry = ctx.fake.journal.last('vertex')!;
    expect(entry.path).toBe(
      '/vertex/v1beta1/projects/vertex-proj/locations/europe-west4/publishers/google/models/gemini-2.5-flash:streamGenerateContent',
    );
    expect(entry.params).toEqual({ version: 'v1beta1', project: 'vertex-proj', location: 'europe-west4' });
    expect(entry.auth).toMatchObject({ scheme: 'oauth', clientEmail: sa.client_email });
    expect(entry.request).toMatchObject({ provider: 'vertex', dialect: 'vertex', model: 'gemini-2.5-flash' });
    expect(ctx.fake.journal.all().filter((e) => e.kind === 'token').length).toBe(before + 1);
  });

  it('streams thoughts and whole function calls; answers generateContent', async () => {
    const thinking = await streamAll(vertexClient(), 'Ponder', { thinkingConfig: { includeThoughts: true } });
    expect(thinking.thoughts).toMatch(/^The user wrote "Ponder"/);
    const tool = await streamAll(vertexClient(), 'Weather? [[fake:tool-weather]]', {
      tools: [
        {
          functionDeclarations: [
            {
              name: 'get_weather',
              parameters: { type: Type.OBJECT, properties: { location: { type: Type.STRING } } },
            },
          ],
        },
      ],
    });
    expect(tool.calls).toEqual([{ name: 'get_weather', args: { location: 'Paris' } }]);
    const whole = await vertexClient().models.generateContent({ model: 'gemini-2.5-pro', contents: 'Ping' });
    expect(whole.text).toMatch(/^You said: "Ping"/);
    expect(whole.createTime).toBeTruthy();
  });

  it('answers a token it never issued with 401 UNAUTHENTICATED', async () => {
    // httpOptions headers win over the auth library's Authorization header.
    const err = await streamAll(
      vertexClient({ headers: { Authorization: 'Bearer ya29.forged' } }),
      'hi',
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect((err as Error).message).toContain('UNAUTHENTICATED');
  });

  it('maps 429 RESOURCE_EXHAUSTED and the bare-JSON mid-stream error', async () => {
    const rate = await streamAll(vertexClient(), 'hi [[fake:429]]').catch((e: unknown) => e);
    expect((rate as ApiError).status).toBe(429);
    expect((rate as Error).message).toContain('RESOURCE_EXHAUSTED');
    const mid = await streamAll(vertexClient(), 'hi [[fake:midstream-error]]').catch((e: unknown) => e);
    expect(mid).toBeInstanceOf(ApiError);
    expect((mid as ApiError).status).toBe(500);
  });
});

describe('Vertex wire rules', () => {
  const url = (path: string) => `${ctx.fake.urls.vertex}${path}`;
  const body = JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
  const PROJECT_PATH =
    '/v1/projects/p/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent';

  it('refuses project routes without a token, or with an API key', async () => {
    const none = await fetch(url(PROJECT_PATH), { method: 'POST', body });
    expect(none.status).toBe(401);
    expect(
      ((await none.json()) as { error: { status: string; details: { reason: string }[] } }).error,
    ).toMatchObject({
      status: 'UNAUTHENTICATED',
      details: [{ reason: 'CREDENTIALS_MISSING' }],
    });
    const key = await fetch(url(PROJECT_PATH), {
      method: 'POST',
      body,
      headers: { 'x-goog-api-key': 'k-12345678' },
    });
    expect(key.status).toBe(401);
    expect(((await key.json()) as { error: { message: string } }).error.message).toMatch(
      /^API keys are not supported/,
    );
  });

  it('serves Express mode with an API key (@google/genai vertexai + apiKey)', async () => {
    const express = new GoogleGenAI({
      vertexai: true,
      apiKey: 'vertex-express-key',
      httpOptions: { baseUrl: ctx.fake.urls.vertex, apiVersion: 'v1' },
    });
    const res = await express.models.generateContent({ model: 'gemini-2.5-flash', contents: 'Express' });
    expect(res.text).toMatch(/^You said: "Express"/);
    const entry = ctx.fake.journal.last('vertex')!;
    expect(entry.path).toBe('/vertex/v1/publishers/google/models/gemini-2.5-flash:generateContent');
    expect(entry.auth).toEqual({ scheme: 'api-key', key: 'ver…-key' });
    const bad = await fetch(url('/v1/publishers/google/models/gemini-2.5-flash:generateContent'), {
      method: 'POST',
      body,
      headers: { 'x-goog-api-key': 'bad-key' },
    });
    expect(bad.status).toBe(400);
  });

  it('lists publisher models with a key or a token', async () => {
    const res = await fetch(url('/v1beta1/publishers/google/models'), {
      headers: { 'x-goog-api-key': 'k-12345678' },
    });
    const body = (await res.json()) as { publisherModels: { name: string }[] };
    expect(body.publisherModels.map((m) => m.name)).toContain('publishers/google/models/gemini-2.5-flash');
    expect((await fetch(url('/v1beta1/publishers/google/models'))).status).toBe(401);
  });

  it('refuses contents without a role, as Vertex does', async () => {
    const res = await fetch(url('/v1/publishers/google/models/gemini-2.5-flash:generateContent'), {
      method: 'POST',
      body: JSON.stringify({ contents: [{ parts: [{ text: 'hi' }] }] }),
      headers: { 'x-goog-api-key': 'k-12345678' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Please use a valid role: user, model.',
    );
  });
});
