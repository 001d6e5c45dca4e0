import { createCanvas } from '@napi-rs/canvas';
import { INSTANCE_PROJECT_ID, paths } from '@parley/schema';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { agentContextText } from '../src/agents/context-files.ts';
import { agentApi } from './agents-api.ts';
import { makeUser } from './factories.ts';
import { bearer, upload } from './files-upload.ts';
import { describeApp, type Session, type TestApp } from './helpers.ts';

/** A PNG of `size` × `size`, or a JPEG, for avatar uploads. */
const png = (size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();

function postAvatar(t: TestApp, s: Session, agentId: string, data: Uint8Array, name = 'a.png') {
  const form = new FormData();
  form.append('agent_id', agentId);
  form.append('file', new Blob([data as Uint8Array<ArrayBuffer>]), name);
  return fetch(`${t.base}${paths.agentAvatar(agentId)}`, { method: 'POST', headers: bearer(s), body: form });
}

/** Lines of black text on white, which OCR reads. */
function textPng(lines: string[]): Buffer {
  const c = createCanvas(800, 60 + lines.length * 50);
  const g = c.getContext('2d');
  g.fillStyle = 'white';
  g.fillRect(0, 0, c.width, c.height);
  g.fillStyle = 'black';
  g.font = '32px sans-serif';
  lines.forEach((l, i) => {
    g.fillText(l, 30, 60 + i * 50);
  });
  return c.toBuffer('image/png');
}

describeApp('agents security', (t) => {
  const { call, create } = agentApi(t);

  it("B never lists, reads, edits, deletes, duplicates or uploads to A's private agent; an admin may", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const admin = await makeUser(t, { role: 'ADMIN' });
    const agent = await create(a, { name: 'Secret agent', instructions: 'Secret plans.' });
    const id = agent.id;
    const refused = async (method: string, p: string, body?: unknown) => {
      const res = await call(b, method, p, body);
      expect(res.status, `${method} ${p}`).toBe(404);
      expect(await res.text(), `${method} ${p}`).not.toContain('Secret');
    };
    expect(JSON.stringify(await (await call(b, 'GET', paths.agents)).json())).not.toContain(id);
    expect(
      JSON.stringify(await (await call(b, 'GET', `${paths.agents}?search=Secret`)).json()),
    ).not.toContain(id);
    await refused('GET', paths.agent(id));
    await refused('GET', paths.agentExpanded(id));
    await refused('PATCH', paths.agent(id), { name: 'B was here' });
    await refused('PATCH', paths.agent(id), { projectIds: [INSTANCE_PROJECT_ID] });
    await refused('DELETE', paths.agent(id));
    await refused('POST', paths.agentDuplicate(id));
    await refused('GET', paths.agentVersions(id));
    await refused('POST', paths.agentRevert(id), { version: 1 });
    await refused('GET', paths.agentUsage(id));
    await refused('GET', paths.agentFiles(id));
    await refused('DELETE', paths.files, { files: [{ file_id: 'x' }], agent_id: id });
    expect((await postAvatar(t, b, id, await png())).status).toBe(404);
    const attach = await upload(t, b, 'notes.txt', 'B notes', {
      fields: { agent_id: id, tool_resource: 'context', endpoint: 'agents' },
    });
    expect(attach.status).toBe(404);
    // The refused upload left no file of B's behind.
    expect((await (await fetch(`${t.base}${paths.files}`, { headers: bearer(b) })).json()).files).toEqual([]);
    // B's chain cannot name A's private agent.
    const chained = await call(b, 'POST', paths.agents, {
      instructions: 'x',
      provider: 'openAI',
      model: 'gpt-4o',
      agent_ids: [id],
    });
    expect((await chained.json()).error.field).toBe('agent_ids');

    // An admin reads, edits and deletes it (but duplicating stays the author's).
    expect((await (await call(admin, 'GET', paths.agent(id))).json()).instructions).toBe('Secret plans.');
    expect((await call(admin, 'PATCH', paths.agent(id), { name: 'Checked' })).status).toBe(200);
    expect((await call(admin, 'POST', paths.agentDuplicate(id))).status).toBe(403);
    const mine = await (await call(a, 'GET', paths.agent(id))).json();
    expect(mine).toMatchObject({ name: 'Checked', instructions: 'Secret plans.' });
    expect((await call(admin, 'DELETE', paths.agent(id))).status).toBe(200);
    expect((await call(a, 'GET', paths.agent(id))).status).toBe(404);
  });

  it("a tool resource cannot point at another user's file", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const file = await (await upload(t, a, 'a.txt', 'A private text')).json();
    const agent = await create(b);
    const steal = await call(b, 'PATCH', paths.agent(agent.id), {
      tool_resources: { context: { file_ids: [file.file_id] } },
    });
    expect(steal.status).toBe(400);
    expect((await steal.json()).error.field).toBe('tool_resources');
    const create2 = await call(b, 'POST', paths.agents, {
      instructions: 'x',
      provider: 'openAI',
      model: 'gpt-4o',
      tool_resources: { file_search: { file_ids: [file.file_id] } },
    });
    expect(create2.status).toBe(400);
  });

  it('avatar (doc 3 §5): png/jpg/gif/webp up to the limit, normalised, served publicly', async () => {
    const a = await makeUser(t);
    const agent = await create(a);
    const res = await postAvatar(t, a, agent.id, await png(1200));
    expect(res.status, await res.clone().text()).toBe(200);
    const updated = await res.json();
    expect(updated.avatar).toMatchObject({ source: 'local' });
    expect(updated.avatar.filepath).toMatch(/^\/api\/files\/avatars\/agents\/agent_\w+\/[0-9a-f]{32}\.png$/);
    const served = await fetch(`${t.base}${updated.avatar.filepath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(512);

    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const second = await (await postAvatar(t, a, agent.id, webp, 'x.webp')).json();
    expect(second.avatar.filepath).toMatch(/\.webp$/);
    // The previous picture is gone.
    expect((await fetch(`${t.base}${updated.avatar.filepath}`)).status).toBe(404);

    const svg = await postAvatar(t, a, agent.id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(svg.status).toBe(400);
    expect((await svg.json()).error.message).toBe('upload invalid, limit 2 MB');
    const big = await postAvatar(t, a, agent.id, Buffer.alloc(2 * 1024 * 1024 + 1, 1));
    expect(big.status).toBe(413);
    expect((await big.json()).error.message).toBe('upload invalid, limit 2 MB');
  });

  it('agent files: attach by upload, list for editors, detach without deleting; OCR text is context', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const agent = await create(a);
    const context = await upload(t, a, 'facts.txt', 'The office cat is called Miso.', {
      fields: { agent_id: agent.id, tool_resource: 'context', endpoint: 'agents' },
    });
    expect(context.status, await context.clone().text()).toBe(200);
    const contextFile = await context.json();
    const scan = await upload(t, a, 'scan.png', textPng(['Invoice number 4471']), {
      fields: { agent_id: agent.id, tool_resource: 'ocr', endpoint: 'agents' },
      claimedType: 'image/png',
    });
    expect(scan.status, await scan.clone().text()).toBe(200);
    const scanFile = await scan.json();
    expect(scanFile.tool_resource).toBe('ocr');

    const after = await (await call(a, 'GET', paths.agent(agent.id))).json();
    expect(after.tool_resources).toEqual({
      context: { file_ids: [contextFile.file_id] },
      ocr: { file_ids: [scanFile.file_id] },
    });
    const listed = await (await call(a, 'GET', paths.agentFiles(agent.id))).json();
    expect(listed.map((f: { file_id: string }) => f.file_id)).toEqual([
      contextFile.file_id,
      scanFile.file_id,
    ]);

    const row = await t.app.ctx.repos.agents.get(agent.id);
    const text = await agentContextText({ db: t.app.ctx.db }, row!);
    expect(text).toContain('# facts.txt\nThe office cat is called Miso.');
    expect(text).toContain('# scan.png');
    expect(text).toContain('Invoice number 4471');

    // Shared: B uses it but does not see its files.
    await call(a, 'PATCH', paths.agent(agent.id), { projectIds: [INSTANCE_PROJECT_ID] });
    expect(await (await call(b, 'GET', paths.agentFiles(agent.id))).json()).toEqual([]);
    // B may not take files off it either.
    const bDetach = await call(b, 'DELETE', paths.files, {
      files: [{ file_id: contextFile.file_id }],
      agent_id: agent.id,
    });
    expect(bDetach.status).toBe(403);

    // An image for vision is no agent resource: refused, and nothing is kept.
    const before = (await (await fetch(`${t.base}${paths.files}`, { headers: bearer(a) })).json()).files
      .length;
    const image = await upload(t, a, 'x.png', await png(), {
      fields: { agent_id: agent.id, tool_resource: 'image' },
      claimedType: 'image/png',
    });
    expect(image.status).toBe(400);
    expect((await image.json()).error.field).toBe('tool_resource');
    const files = (await (await fetch(`${t.base}${paths.files}`, { headers: bearer(a) })).json()).files;
    expect(files).toHaveLength(before);

    const detached = await call(a, 'DELETE', paths.files, {
      files: [{ file_id: contextFile.file_id }],
      agent_id: agent.id,
      tool_resource: 'context',
    });
    expect(detached.status).toBe(200);
    expect((await detached.json()).deleted).toEqual([contextFile.file_id]);
    const left = await (await call(a, 'GET', paths.agentFiles(agent.id))).json();
    expect(left.map((f: { file_id: string }) => f.file_id)).toEqual([scanFile.file_id]);
    // The file itself is still A's.
    expect((await fetch(`${t.base}${paths.file(contextFile.file_id)}`, { headers: bearer(a) })).status).toBe(
      200,
    );
  }, 60_000);

  it("an author's deleted account takes their agents, versions and runs with it", async () => {
    const admin = await makeUser(t, { role: 'ADMIN' });
    const a = await makeUser(t);
    const agent = await create(a);
    await call(a, 'PATCH', paths.agent(agent.id), { instructions: 'v2' });
    await t.app.ctx.repos.agents.recordRun({
      id: `run-${agent.id}`,
      agent_id: agent.id,
      user_id: admin.userId,
      conversation_id: 'c',
      message_id: 'm',
      input_tokens: 1,
      output_tokens: 1,
      credits: 0,
      tool_calls: 0,
      created_at: Date.now(),
    });
    expect((await call(admin, 'DELETE', `/api/admin/users/${a.userId}`)).status).toBe(200);
    const db = t.app.ctx.db;
    expect(await t.app.ctx.repos.agents.get(agent.id)).toBeUndefined();
    const versions = await db
      .selectFrom('agent_versions')
      .select('version')
      .where('agent_id', '=', agent.id)
      .execute();
    expect(versions).toEqual([]);
    const runs = await db.selectFrom('agent_runs').select('id').where('agent_id', '=', agent.id).execute();
    expect(runs).toEqual([]);
  });

  describe('role permissions (the agents admin dialog)', () => {
    it('USE, CREATE and SHARED_GLOBAL are changed by admins, audited, and enforced on every route', async () => {
      const admin = await makeUser(t, { role: 'ADMIN' });
      const user = await makeUser(t);
      const agent = await create(user);
      const setUser = (perms: Record<string, boolean>) => call(admin, 'PUT', '/api/roles/USER/agents', perms);
      try {
        // A user cannot change roles.
        expect((await call(user, 'PUT', '/api/roles/USER/agents', { USE: true })).status).toBe(403);

        const noCreate = await setUser({ CREATE: false });
        expect(noCreate.status).toBe(200);
        expect((await noCreate.json()).permissions.AGENTS).toMatchObject({ USE: true, CREATE: false });
        expect(
          (await call(user, 'POST', paths.agents, { instructions: 'x', provider: 'openAI', model: 'gpt-4o' }))
            .status,
        ).toBe(403);
        expect((await call(user, 'PATCH', paths.agent(agent.id), { name: 'x' })).status).toBe(403);
        expect((await call(user, 'GET', paths.agent(agent.id))).status).toBe(200);
        expect((await call(user, 'GET', paths.agents)).status).toBe(200);

        await setUser({ USE: false, CREATE: true });
        const routes: [string, string, unknown?][] = [
          ['GET', paths.agents],
          ['GET', paths.agentCategories],
          ['POST', paths.agents, { instructions: 'x', provider: 'openAI', model: 'gpt-4o' }],
          ['POST', paths.agentImport, { model: 'gpt-4o' }],
          ['GET', paths.agent(agent.id)],
          ['GET', paths.agentExpanded(agent.id)],
          ['PATCH', paths.agent(agent.id), { name: 'x' }],
          ['DELETE', paths.agent(agent.id)],
          ['POST', paths.agentDuplicate(agent.id)],
          ['GET', paths.agentVersions(agent.id)],
          ['POST', paths.agentRevert(agent.id), { version: 1 }],
          ['GET', paths.agentUsage(agent.id)],
        ];
        for (const [method, p, body] of routes) {
          expect([403, 404], `${method} ${p}`).toContain((await call(user, method, p, body)).status);
        }
        expect([403, 404]).toContain((await postAvatar(t, user, agent.id, await png())).status);
        expect([403, 404]).toContain((await call(user, 'GET', paths.agentFiles(agent.id))).status);
        // The agents endpoint is hidden without USE.
        expect(Object.keys(await (await call(user, 'GET', '/api/endpoints')).json())).not.toContain('agents');

        // SHARED_GLOBAL: an admin without it may not share another user's agent.
        await setUser({ USE: true, CREATE: true });
        const noGlobal = await call(admin, 'PUT', '/api/roles/ADMIN/agents', { SHARED_GLOBAL: false });
        expect(noGlobal.status).toBe(200);
        expect(
          (await call(admin, 'PATCH', paths.agent(agent.id), { projectIds: [INSTANCE_PROJECT_ID] })).status,
        ).toBe(403);
        await call(admin, 'PUT', '/api/roles/ADMIN/agents', { SHARED_GLOBAL: true });
        expect(
          (await call(admin, 'PATCH', paths.agent(agent.id), { projectIds: [INSTANCE_PROJECT_ID] })).status,
        ).toBe(200);
      } finally {
        await setUser({ USE: true, CREATE: true });
        await call(admin, 'PUT', '/api/roles/ADMIN/agents', { USE: true, CREATE: true, SHARED_GLOBAL: true });
      }
    });
  });
});
