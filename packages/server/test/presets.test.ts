import { expect, it } from 'vitest';
import { authed, describeApp, signUp } from './helpers.ts';

describeApp('presets', (t) => {
  const save = (s: Awaited<ReturnType<typeof signUp>>, body: unknown) =>
    fetch(`${t.base}/api/presets`, { method: 'POST', headers: authed(s), body: JSON.stringify(body) });

  it('creates with the default title, lists, updates and deletes', async () => {
    const s = await signUp(t);
    const created = await (await save(s, { endpoint: 'openAI', model: 'gpt-4o', temperature: 0.4 })).json();
    expect(created.title).toBe('My Preset');
    expect(created).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o', temperature: 0.4 });

    const updated = await (
      await save(s, {
        presetId: created.presetId,
        title: 'Precise',
        endpoint: 'openAI',
        model: 'gpt-4o',
        temperature: 0,
      })
    ).json();
    expect(updated).toMatchObject({ presetId: created.presetId, title: 'Precise', temperature: 0 });
    const list = await (await fetch(`${t.base}/api/presets`, { headers: authed(s) })).json();
    expect(list).toHaveLength(1);

    const del = await fetch(`${t.base}/api/presets/${created.presetId}`, {
      method: 'DELETE',
      headers: authed(s),
    });
    expect(del.status).toBe(204);
    expect(await (await fetch(`${t.base}/api/presets`, { headers: authed(s) })).json()).toEqual([]);
  });

  it('validates settings and keeps presets private', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const bad = await save(a, { endpoint: 'openAI', temperature: 5 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.field).toBe('temperature');
    const mine = await (await save(a, { endpoint: 'anthropic', model: 'claude-sonnet-4-5' })).json();
    expect(await (await fetch(`${t.base}/api/presets`, { headers: authed(b) })).json()).toEqual([]);
    const hijack = await save(b, { presetId: mine.presetId, endpoint: 'openAI' });
    expect(hijack.status).toBe(404);
    expect((await hijack.json()).error).toEqual({ code: 'preset_not_found', message: 'Preset not found.' });
    expect(
      (await fetch(`${t.base}/api/presets/${mine.presetId}`, { method: 'DELETE', headers: authed(b) }))
        .status,
    ).toBe(404);
  });
});
