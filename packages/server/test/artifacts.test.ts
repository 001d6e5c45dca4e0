import { type ArtifactEditResponse, type Message, parseArtifactBlocks } from '@parley/schema';
import { expect, it } from 'vitest';
import { artifactsPrompt } from '../src/chat/artifacts-prompt.ts';
import { agentApi } from './agents-api.ts';
import {
  authed,
  describeApp,
  finalFrame,
  postChat,
  readFrames,
  type Session,
  signUp,
  type TestApp,
} from './helpers.ts';

/** Issue 17 point 4: the edit-artifact route and the system prompt additions for artifacts. */
const ARTIFACT = [
  'Here is the page:',
  '',
  ':::artifact{identifier="hello-page" type="text/html" title="Hello page"}',
  '```html',
  '<h1>Hello</h1>',
  '```',
  ':::',
  '',
  'Enjoy.',
].join('\n');

const generateRequests = (t: TestApp) => t.fake.journal.all().filter((e) => e.kind === 'generate');
const lastSystem = (t: TestApp) => generateRequests(t).at(-1)?.request?.system ?? '';

describeApp('artifacts', (t) => {
  const replyWith = async (s: Session, prompt: string, reply: string) => {
    t.fake.enqueue(
      { match: { lastUserText: new RegExp(`^${prompt}$`) } },
      { steps: [{ type: 'text', text: reply }] },
    );
    return finalFrame(await readFrames(await postChat(t, s, { text: prompt })));
  };
  const editArtifact = (s: Session, messageId: string, body: unknown) =>
    fetch(`${t.base}/api/messages/artifact/${messageId}`, {
      method: 'POST',
      headers: authed(s),
      body: JSON.stringify(body),
    });
  const list = async (s: Session, conversationId: string) =>
    (await (
      await fetch(`${t.base}/api/messages/${conversationId}`, { headers: authed(s) })
    ).json()) as Message[];

  it('replaces the artifact code in the stored reply, text and content parts alike', async () => {
    const s = await signUp(t);
    const f = await replyWith(s, 'Make a page one', ARTIFACT);
    const id = f.responseMessage.messageId;
    const convo = f.conversation.conversationId!;
    const res = await editArtifact(s, id, {
      index: 0,
      messageId: id,
      original: '<h1>Hello</h1>',
      updated: '<h1>Edited</h1>',
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as ArtifactEditResponse;
    expect(body.conversationId).toBe(convo);
    expect(body.text).toBe(ARTIFACT.replace('<h1>Hello</h1>', '<h1>Edited</h1>'));
    const stored = (await list(s, convo)).find((m) => m.messageId === id)!;
    expect(stored.text).toBe(body.text);
    expect(parseArtifactBlocks(stored.text)[0].content).toBe('<h1>Edited</h1>');
    const textParts = (stored.content ?? []).filter((p) => p.type === 'text');
    if (textParts.length > 0)
      expect(textParts.map((p) => (p as { text: string }).text).join('')).toBe(body.text);
    expect(body.content).toEqual(stored.content ?? null);
  });

  it('refuses a stale original, a missing artifact, and another user’s message', async () => {
    const a = await signUp(t);
    const b = await signUp(t, 'Other User');
    const f = await replyWith(a, 'Make a page two', ARTIFACT);
    const id = f.responseMessage.messageId;
    const stale = await editArtifact(a, id, { index: 0, original: '<h1>Old</h1>', updated: 'x' });
    expect(stale.status).toBe(400);
    const missing = await editArtifact(a, id, { index: 3, original: '<h1>Hello</h1>', updated: 'x' });
    expect(missing.status).toBe(400);
    const other = await editArtifact(b, id, { index: 0, original: '<h1>Hello</h1>', updated: '<h1>B</h1>' });
    expect(other.status).toBe(404);
    const stored = (await list(a, f.conversation.conversationId!)).find((m) => m.messageId === id)!;
    expect(stored.text).toBe(ARTIFACT);
  });

  it('teaches the format per the artifacts mode of a plain chat', async () => {
    const s = await signUp(t);
    t.fake.reset();
    const send = (artifacts?: string) =>
      postChat(t, s, { text: `mode ${artifacts ?? 'off'}`, promptPrefix: 'Be brief.', artifacts }).then(
        readFrames,
      );
    await send('default');
    expect(lastSystem(t)).toContain(artifactsPrompt('default'));
    expect(lastSystem(t)).toContain('Be brief.');
    expect(lastSystem(t)).not.toContain('shadcn/ui');
    await send('shadcnui');
    expect(lastSystem(t)).toContain(artifactsPrompt('shadcnui'));
    expect(lastSystem(t)).toContain('/components/ui/button');
    await send('custom');
    expect(lastSystem(t)).toBe('Be brief.');
    await send(undefined);
    expect(lastSystem(t)).toBe('Be brief.');
  });

  it('an agent uses its own artifacts mode', async () => {
    const s = await signUp(t);
    const agents = agentApi(t);
    const withMode = await agents.create(s, { artifacts: 'default' });
    const without = await agents.create(s, {});
    t.fake.reset();
    const send = (agentId: string, extra: Record<string, unknown> = {}) =>
      postChat(t, s, { endpoint: 'agents', agent_id: agentId, model: 'ignored', text: 'hi', ...extra }).then(
        readFrames,
      );
    await send(withMode.id);
    expect(lastSystem(t)).toContain('Be helpful.');
    expect(lastSystem(t)).toContain(artifactsPrompt('default'));
    // The request's setting does not reach a saved agent.
    await send(without.id, { artifacts: 'shadcnui' });
    expect(lastSystem(t)).not.toContain('## Artifacts');
  });
});
