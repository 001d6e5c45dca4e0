import { INSTANCE_PROJECT_ID, paths } from '@parley/schema';
import { expect, it } from 'vitest';
import { agentApi, agentBody } from './agents-api.ts';
import { makeUser } from './factories.ts';
import { upload } from './files-upload.ts';
import { describeApp } from './helpers.ts';

describeApp('agents', (t) => {
  const { call, create } = agentApi(t);

  it('creates, reads, lists, updates and deletes an agent', async () => {
    const a = await makeUser(t, { name: 'Ada' });
    const agent = await create(a, { tools: ['file_search'], conversation_starters: ['Hi'] });
    expect(agent).toMatchObject({
      name: 'Helper',
      instructions: 'Be helpful.',
      provider: 'openAI',
      model: 'gpt-4o',
      author: a.userId,
      authorName: 'Ada',
      projectIds: [],
      isCollaborative: false,
      version: 1,
      tools: ['file_search'],
      conversation_starters: ['Hi'],
      avatar: null,
    });
    expect(agent.id).toMatch(/^agent_/);

    expect(await (await call(a, 'GET', paths.agent(agent.id))).json()).toEqual(agent);
    const list = await (await call(a, 'GET', paths.agents)).json();
    expect(list).toMatchObject({ object: 'list', first_id: agent.id, last_id: agent.id, has_more: false });
    expect(list.data.map((x: { id: string }) => x.id)).toEqual([agent.id]);

    const patched = await (await call(a, 'PATCH', paths.agent(agent.id), { name: 'Renamed' })).json();
    // Fields not sent are kept (not reset to their defaults).
    expect(patched).toMatchObject({
      name: 'Renamed',
      instructions: 'Be helpful.',
      tools: ['file_search'],
      conversation_starters: ['Hi'],
      version: 2,
    });
    // The same fields again are no new version.
    const same = await (await call(a, 'PATCH', paths.agent(agent.id), { name: 'Renamed' })).json();
    expect(same.version).toBe(2);

    const del = await call(a, 'DELETE', paths.agent(agent.id));
    expect(del.status).toBe(200);
    expect((await call(a, 'GET', paths.agent(agent.id))).status).toBe(404);
    expect((await (await call(a, 'GET', paths.agents)).json()).data).toEqual([]);
  });

  it('validates doc 3 §5: instructions, provider and model, lengths, chain, tools', async () => {
    const a = await makeUser(t);
    const bad = async (body: Record<string, unknown>, field: string, message?: RegExp) => {
      const res = await call(a, 'POST', paths.agents, agentBody(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = await res.json();
      expect(error.field, JSON.stringify(body)).toBe(field);
      if (message) expect(error.message).toMatch(message);
    };
    await bad({ instructions: '' }, 'instructions', /^This field is required$/);
    await bad({ instructions: '   ' }, 'instructions');
    // An assistant (the assistants builder, doc 3 §5) needs only its model.
    const assistant = await call(a, 'POST', paths.agents, agentBody({ kind: 'assistant', instructions: '' }));
    expect(assistant.status, await assistant.clone().text()).toBe(201);
    await bad({ kind: 'assistant', model: undefined }, 'model');
    await bad({ provider: '' }, 'provider');
    await bad({ model: undefined }, 'model');
    await bad({ provider: 'nope' }, 'provider');
    await bad({ provider: 'agents' }, 'provider');
    await bad({ model: 'gpt-99' }, 'model');
    await bad({ name: 'n'.repeat(257) }, 'name');
    await bad({ description: 'd'.repeat(513) }, 'description');
    await bad({ tools: ['rm_rf'] }, 'tools');
    await bad({ agent_ids: ['agent_nope'] }, 'agent_ids');
    await bad({ agent_ids: Array.from({ length: 11 }, (_, i) => `agent_${i}`) }, 'agent_ids');
    // At the limits it saves; action and MCP keys are accepted for issue 16.
    const chain = [];
    for (let i = 0; i < 10; i++) chain.push((await create(a)).id);
    const full = await create(a, {
      name: 'n'.repeat(256),
      description: 'd'.repeat(512),
      agent_ids: chain,
      tools: [
        'file_search',
        'web_search',
        'execute_code',
        'get_weather_action_api---example---com',
        'x_mcp_srv',
      ],
    });
    expect(full.agent_ids).toEqual(chain);
    // An agent cannot follow itself; a chain entry twice is refused.
    const self = await call(a, 'PATCH', paths.agent(full.id), { agent_ids: [full.id] });
    expect((await self.json()).error.field).toBe('agent_ids');
    const twice = await call(a, 'PATCH', paths.agent(full.id), { agent_ids: [chain[0], chain[0]] });
    expect((await twice.json()).error.field).toBe('agent_ids');
    // A PATCH cannot clear the instructions.
    const cleared = await call(a, 'PATCH', paths.agent(full.id), { instructions: '' });
    expect((await cleared.json()).error.field).toBe('instructions');
  });

  it('keeps versions, newest first, and reverts as a new version', async () => {
    const a = await makeUser(t);
    const agent = await create(a, { instructions: 'First.' });
    await call(a, 'PATCH', paths.agent(agent.id), { instructions: 'Second.' });
    await call(a, 'PATCH', paths.agent(agent.id), { instructions: 'Third.', name: 'Later' });
    const versions = await (await call(a, 'GET', paths.agentVersions(agent.id))).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(versions.map((v: { agent: { instructions: string } }) => v.agent.instructions)).toEqual([
      'Third.',
      'Second.',
      'First.',
    ]);
    expect(versions[0].updatedBy).toBe(a.userId);
    const reverted = await (await call(a, 'POST', paths.agentRevert(agent.id), { version: 1 })).json();
    expect(reverted).toMatchObject({ instructions: 'First.', name: 'Helper', version: 4 });
    const unknown = await call(a, 'POST', paths.agentRevert(agent.id), { version: 99 });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.field).toBe('version');
  });

  it('a revert brings back no file that is gone or that the reverter may not add', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const agent = await create(a);
    await call(a, 'PATCH', paths.agent(agent.id), {
      projectIds: [INSTANCE_PROJECT_ID],
      isCollaborative: true,
    });
    const attach = async (s: typeof a, name: string) => {
      const res = await upload(t, s, name, `${name} notes`, {
        fields: { endpoint: 'agents', agent_id: agent.id, tool_resource: 'context' },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()).file_id as string;
    };
    const own = await attach(a, 'own.md');
    const kept = await attach(a, 'kept.md');
    const theirs = await attach(b, 'theirs.md');
    const full = await (await call(a, 'GET', paths.agent(agent.id))).json();
    expect(full.tool_resources.context.file_ids).toEqual([own, kept, theirs]);
    // A's file is taken off and deleted; B takes theirs off.
    const detach = (s: typeof a, fileId: string) =>
      call(s, 'DELETE', paths.files, { files: [{ file_id: fileId }], agent_id: agent.id });
    expect((await detach(a, own)).status).toBe(200);
    expect((await call(a, 'DELETE', paths.files, { files: [{ file_id: own }] })).status).toBe(200);
    expect((await detach(b, theirs)).status).toBe(200);

    const reverted = await call(a, 'POST', paths.agentRevert(agent.id), { version: full.version });
    expect(reverted.status).toBe(200);
    expect((await reverted.json()).tool_resources.context.file_ids).toEqual([kept]);
  });

  it('concurrent saves all land, each its own version (none overwrites another)', async () => {
    const a = await makeUser(t);
    const agent = await create(a);
    const starters = ['one', 'two', 'three', 'four'];
    const saves = await Promise.all([
      call(a, 'PATCH', paths.agent(agent.id), { name: 'Concurrent' }),
      call(a, 'PATCH', paths.agent(agent.id), { description: 'Many at once' }),
      call(a, 'PATCH', paths.agent(agent.id), { instructions: 'Keep up.' }),
      call(a, 'PATCH', paths.agent(agent.id), { conversation_starters: starters }),
      call(a, 'PATCH', paths.agent(agent.id), { tools: ['file_search'] }),
    ]);
    expect(saves.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const final = await (await call(a, 'GET', paths.agent(agent.id))).json();
    expect(final).toMatchObject({
      name: 'Concurrent',
      description: 'Many at once',
      instructions: 'Keep up.',
      conversation_starters: starters,
      tools: ['file_search'],
      version: 6,
    });
    const versions = await (await call(a, 'GET', paths.agentVersions(agent.id))).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('duplicates for the author only: a private copy named with the time, without knowledge files', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const agent = await create(a);
    await call(a, 'PATCH', paths.agent(agent.id), { projectIds: [INSTANCE_PROJECT_ID] });
    const res = await call(a, 'POST', paths.agentDuplicate(agent.id));
    expect(res.status).toBe(201);
    const { agent: copy, actions } = await res.json();
    expect(actions).toEqual([]);
    expect(copy.id).not.toBe(agent.id);
    expect(copy.name).toMatch(/^Helper \(\d{1,2}\/\d{1,2}\/\d{2}, \d{2}:\d{2}\)$/);
    expect(copy).toMatchObject({ author: a.userId, projectIds: [], version: 1, instructions: 'Be helpful.' });
    // B sees the shared original but may not copy it.
    expect((await call(b, 'POST', paths.agentDuplicate(agent.id))).status).toBe(403);
  });

  it('sharing (doc 3 §4): all users see it; collaborative only while shared; off ends collaboration', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const agent = await create(a, { name: 'Shared one' });
    const notShared = await call(a, 'PATCH', paths.agent(agent.id), { isCollaborative: true });
    expect((await notShared.json()).error.field).toBe('isCollaborative');
    expect((await call(b, 'GET', paths.agent(agent.id))).status).toBe(404);

    const shared = await (
      await call(a, 'PATCH', paths.agent(agent.id), { projectIds: [INSTANCE_PROJECT_ID] })
    ).json();
    expect(shared.projectIds).toEqual([INSTANCE_PROJECT_ID]);
    // Sharing is not a new version of the builder's fields.
    expect(shared.version).toBe(1);
    // B reads it, without its instructions, and may not edit it.
    const seen = await (await call(b, 'GET', paths.agent(agent.id))).json();
    expect(seen).toMatchObject({ name: 'Shared one', instructions: null, model_parameters: {} });
    const listed = await (await call(b, 'GET', `${paths.agents}?scope=shared`)).json();
    expect(listed.data.map((x: { id: string }) => x.id)).toContain(agent.id);
    expect((await call(b, 'PATCH', paths.agent(agent.id), { name: 'B' })).status).toBe(403);
    expect((await call(b, 'GET', paths.agentExpanded(agent.id))).status).toBe(403);

    // Collaborative: B edits, but may not change sharing or delete.
    await call(a, 'PATCH', paths.agent(agent.id), { isCollaborative: true });
    const edited = await call(b, 'PATCH', paths.agent(agent.id), { name: 'By B' });
    expect(edited.status).toBe(200);
    expect((await edited.json()).instructions).toBe('Be helpful.');
    expect(
      (await call(b, 'PATCH', paths.agent(agent.id), { removeProjectIds: [INSTANCE_PROJECT_ID] })).status,
    ).toBe(403);
    expect((await call(b, 'DELETE', paths.agent(agent.id))).status).toBe(403);

    // Unsharing (LibreChat's removeProjectIds) turns collaboration off too.
    const off = await (
      await call(a, 'PATCH', paths.agent(agent.id), { removeProjectIds: [INSTANCE_PROJECT_ID] })
    ).json();
    expect(off).toMatchObject({ projectIds: [], isCollaborative: false, name: 'By B' });
    expect((await call(b, 'GET', paths.agent(agent.id))).status).toBe(404);
  });

  it('lists with filters, search and a keyset cursor; categories with counts', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const mine = [];
    for (let i = 0; i < 5; i++)
      mine.push(await create(a, { name: `Mine ${i}`, category: i % 2 ? 'finance' : 'general' }));
    const theirs = await create(b, { name: 'Theirs', description: 'A zebra expert', category: 'finance' });
    await call(b, 'PATCH', paths.agent(theirs.id), { projectIds: [INSTANCE_PROJECT_ID] });
    await create(b, { name: 'Private of B' });

    const page = async (q: string) => await (await call(a, 'GET', `${paths.agents}?${q}`)).json();
    const all = await page('');
    // Other tests' shared agents are in the list too, older than these.
    const ours = new Set([...mine.map((m) => m.id), theirs.id]);
    const names = all.data.filter((x: { id: string }) => ours.has(x.id)).map((x: { name: string }) => x.name);
    expect(all.data.slice(0, 6).map((x: { id: string }) => ours.has(x.id))).toEqual(Array(6).fill(true));
    expect(names).toEqual(['Theirs', 'Mine 4', 'Mine 3', 'Mine 2', 'Mine 1', 'Mine 0']);
    expect((await page('scope=mine')).data).toHaveLength(5);
    const sharedPage = (await page('scope=shared')).data.map((x: { id: string }) => x.id);
    expect(sharedPage[0]).toBe(theirs.id);
    expect(sharedPage.filter((id: string) => ours.has(id))).toEqual([theirs.id]);
    expect((await page('search=ZEBRA')).data.map((x: { id: string }) => x.id)).toEqual([theirs.id]);
    expect((await page('search=100%25')).data).toEqual([]);
    expect((await page('category=finance')).data).toHaveLength(3);

    // Pages of two, then the rest, without repeats.
    const seen: string[] = [];
    let cursor = '';
    for (let i = 0; i < 5; i++) {
      const p = await page(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...p.data.map((x: { id: string }) => x.id));
      if (!p.has_more) break;
      cursor = p.after;
    }
    expect(seen).toEqual(all.data.map((x: { id: string }) => x.id));

    const categories = await (await call(a, 'GET', paths.agentCategories)).json();
    expect(categories.find((c: { value: string }) => c.value === 'finance')).toMatchObject({ count: 3 });
    expect(categories.find((c: { value: string }) => c.value === 'general').count).toBeGreaterThanOrEqual(3);
  });

  it('features agents by admins only; usage is the author’s', async () => {
    const a = await makeUser(t);
    const admin = await makeUser(t, { role: 'ADMIN' });
    const agent = await create(a);
    expect((await call(a, 'PATCH', paths.agent(agent.id), { is_promoted: true })).status).toBe(403);
    await call(a, 'PATCH', paths.agent(agent.id), { projectIds: [INSTANCE_PROJECT_ID] });
    const promoted = await call(admin, 'PATCH', paths.agent(agent.id), { is_promoted: true });
    expect((await promoted.json()).is_promoted).toBe(true);
    const featured = await (await call(a, 'GET', `${paths.agents}?promoted=1`)).json();
    expect(featured.data.map((x: { id: string }) => x.id)).toEqual([agent.id]);

    await t.app.ctx.repos.agents.recordRun({
      id: 'run-1',
      agent_id: agent.id,
      user_id: admin.userId,
      conversation_id: 'c',
      message_id: 'm',
      input_tokens: 10,
      output_tokens: 5,
      credits: 1.5,
      tool_calls: 2,
      created_at: Date.now(),
    });
    expect(await (await call(a, 'GET', paths.agentUsage(agent.id))).json()).toEqual({
      runs: 1,
      inputTokens: 10,
      outputTokens: 5,
      credits: 1.5,
      toolCalls: 2,
    });
    const other = await makeUser(t);
    expect((await call(other, 'GET', paths.agentUsage(agent.id))).status).toBe(403);
    expect((await call(admin, 'GET', paths.agentUsage(agent.id))).status).toBe(200);
  });

  it('imports an OpenAI assistant definition as an agent', async () => {
    const a = await makeUser(t);
    const res = await call(a, 'POST', paths.agentImport, {
      name: 'Math Tutor',
      description: 'Answers math',
      instructions: 'You are a personal math tutor.',
      model: 'gpt-4o',
      temperature: 0.2,
      tools: [
        { type: 'code_interpreter' },
        { type: 'retrieval' },
        { type: 'function', function: { name: 'get_weather', parameters: {} } },
      ],
    });
    expect(res.status).toBe(201);
    const { agent, skipped } = await res.json();
    expect(agent).toMatchObject({
      name: 'Math Tutor',
      provider: 'openAI',
      model: 'gpt-4o',
      tools: ['execute_code', 'file_search'],
      model_parameters: { temperature: 0.2 },
      author: a.userId,
    });
    expect(skipped).toEqual(['function: get_weather']);
    const badProvider = await call(a, 'POST', paths.agentImport, { model: 'x', provider: 'nope' });
    expect((await badProvider.json()).error.field).toBe('provider');
  });

  it('offers the agents endpoint and the instance project in the config', async () => {
    const a = await makeUser(t);
    const endpoints = await (await call(a, 'GET', '/api/endpoints')).json();
    const names = Object.keys(endpoints);
    expect(names.at(-1)).toBe('agents');
    expect(endpoints.agents).toMatchObject({ order: names.length - 1, disableBuilder: false });
    expect(endpoints.agents.capabilities).toContain('file_search');
    const config = await (await fetch(`${t.base}/api/config`)).json();
    expect(config.instanceProjectId).toBe(INSTANCE_PROJECT_ID);
    expect(config.agentCapabilities).toContain('ocr');
  });
});

const AGENTS_YAML = `endpoints:
  agents:
    disableBuilder: true
    capabilities: [file_search, chain, not_ours]
    allowedProviders: [anthropic]
`;

describeApp('agents endpoint config', { yaml: AGENTS_YAML }, (t) => {
  const { call } = agentApi(t);

  it('librechat.yaml endpoints.agents: capabilities, disableBuilder and allowedProviders', async () => {
    const a = await makeUser(t);
    const endpoints = await (await call(a, 'GET', '/api/endpoints')).json();
    expect(endpoints.agents).toMatchObject({
      capabilities: ['file_search', 'chain'],
      disableBuilder: true,
      allowedProviders: ['anthropic'],
    });
    const refused = await call(a, 'POST', paths.agents, agentBody());
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.field).toBe('provider');
    const anthropic = { provider: 'anthropic', model: 'claude-sonnet-4-5' };
    const ok = await call(a, 'POST', paths.agents, agentBody({ ...anthropic, tools: ['file_search'] }));
    expect(ok.status, await ok.clone().text()).toBe(201);
    const agent = await ok.json();
    // Capabilities the endpoint does not offer cannot be added (doc 3 §6).
    for (const tools of [['web_search'], ['execute_code'], ['x_mcp_srv'], ['a_action_b']]) {
      const res = await call(a, 'POST', paths.agents, agentBody({ ...anthropic, tools }));
      expect((await res.json()).error.field, tools[0]).toBe('tools');
    }
    const context = await upload(t, a, 'c.txt', 'context', {
      fields: { agent_id: agent.id, tool_resource: 'context', endpoint: 'agents' },
    });
    expect(context.status).toBe(400);
    expect((await context.json()).error.field).toBe('tool_resource');
    const search = await upload(t, a, 's.txt', 'knowledge', {
      fields: { agent_id: agent.id, tool_resource: 'file_search', endpoint: 'agents' },
    });
    expect(search.status, await search.clone().text()).toBe(200);
  });
});
