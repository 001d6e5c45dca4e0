import {
  PROMPT_CATEGORIES,
  PROMPT_ERROR_TEXT,
  type Prompt,
  type PromptCreateResult,
  type PromptGroup,
  type PromptGroupList,
  paths,
} from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { makeUser } from './factories.ts';
import { authed, describeApp, type Session } from './helpers.ts';

/** The prompt library through the API (issue 18), on each dialect. */
describeApp('prompts', (t) => {
  const call = async <T = unknown>(s: Session, method: string, p: string, body?: unknown) => {
    const res = await fetch(`${t.base}${p}`, {
      method,
      headers: body === undefined ? { authorization: `Bearer ${s.token}` } : authed(s),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };
  const create = async (s: Session, name: string, text = `${name} text`, group: object = {}) => {
    const res = await call<PromptCreateResult>(s, 'POST', paths.prompts, {
      prompt: { prompt: text, type: 'text' },
      group: { name, ...group },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const list = (s: Session, query = '') =>
    call<PromptGroupList>(s, 'GET', `${paths.promptGroups}${query}`).then((r) => r.body);
  const names = (l: PromptGroupList) => l.promptGroups.map((g) => g.name);
  const setRolePerms = async (admin: Session, role: string, perms: Record<string, boolean>) =>
    expect((await call(admin, 'PUT', `/api/roles/${role}/prompts`, perms)).status).toBe(200);

  describe('create and read', () => {
    it('makes a group with its first version in production, with a normalised command', async () => {
      const a = await makeUser(t, { name: 'Alice' });
      const { prompt, group } = await create(a, 'Greeter', 'Hello {{name}}', {
        oneliner: 'Says hello',
        category: 'write',
        command: 'Greet Them!',
      });
      expect(prompt).toMatchObject({
        groupId: group._id,
        prompt: 'Hello {{name}}',
        type: 'text',
        author: a.userId,
      });
      expect(group).toMatchObject({
        name: 'Greeter',
        oneliner: 'Says hello',
        category: 'write',
        command: 'greet-them',
        author: a.userId,
        authorName: 'Alice',
        productionId: prompt._id,
        productionPrompt: { prompt: 'Hello {{name}}' },
        numberOfGenerations: 0,
        projectIds: [],
        isPublic: false,
        canEdit: true,
      });
      expect((await call<PromptGroup>(a, 'GET', paths.promptGroup(group._id))).body).toEqual(group);
      expect((await call<Prompt>(a, 'GET', paths.prompt(prompt._id))).body).toEqual(prompt);
      expect((await call<Prompt[]>(a, 'GET', `${paths.prompts}?groupId=${group._id}`)).body).toEqual([
        prompt,
      ]);
    });

    it('names the missing name and text, and a oneliner over 120', async () => {
      const a = await makeUser(t);
      const noName = await call<{ error: { code: string; message: string; field: string } }>(
        a,
        'POST',
        paths.prompts,
        { prompt: { prompt: 'x' }, group: { name: '  ' } },
      );
      expect(noName.status).toBe(400);
      expect(noName.body.error).toEqual({
        code: 'validation',
        message: PROMPT_ERROR_TEXT.nameRequired,
        field: 'group.name',
      });
      const noText = await call<{ error: { field: string; message: string } }>(a, 'POST', paths.prompts, {
        prompt: { prompt: ' \n ' },
        group: { name: 'n' },
      });
      expect(noText.body.error).toMatchObject({
        message: PROMPT_ERROR_TEXT.textRequired,
        field: 'prompt.prompt',
      });
      const long = await call<{ error: { field: string } }>(a, 'POST', paths.prompts, {
        prompt: { prompt: 'x' },
        group: { name: 'n', oneliner: 'x'.repeat(121) },
      });
      expect(long.status).toBe(400);
      expect(long.body.error.field).toBe('group.oneliner');
    });

    it('serves the nine categories as label and value', async () => {
      const a = await makeUser(t);
      const res = await call<{ label: string; value: string }[]>(a, 'GET', paths.categories);
      expect(res.body.map((c) => c.value)).toEqual([...PROMPT_CATEGORIES]);
      expect(res.body[0]).toEqual({ label: 'com_ui_misc', value: 'misc' });
    });
  });

  describe('versions and production (doc 2 §4.8)', () => {
    it('lists versions newest first; always-make-production and make-production move production', async () => {
      const a = await makeUser(t);
      const { prompt: v1, group } = await create(a, 'Versions', 'one');
      const v2 = (
        await call<Prompt>(a, 'POST', paths.promptGroupPrompts(group._id), { prompt: { prompt: 'two' } })
      ).body;
      let g = (await call<PromptGroup>(a, 'GET', paths.promptGroup(group._id))).body;
      expect(g.productionId).toBe(v1._id);
      const v3 = (
        await call<Prompt>(a, 'POST', paths.promptGroupPrompts(group._id), {
          prompt: { prompt: 'three' },
          makeProduction: true,
        })
      ).body;
      g = (await call<PromptGroup>(a, 'GET', paths.promptGroup(group._id))).body;
      expect(g).toMatchObject({ productionId: v3._id, productionPrompt: { prompt: 'three' } });
      const versions = (await call<Prompt[]>(a, 'GET', `${paths.prompts}?groupId=${group._id}`)).body;
      expect(versions.map((v) => v.prompt)).toEqual(['three', 'two', 'one']);

      const made = await call<PromptGroup>(a, 'PATCH', paths.promptProduction(v2._id), {});
      expect(made.body).toMatchObject({ productionId: v2._id, productionPrompt: { prompt: 'two' } });

      // Deleting the production version: the newest remaining becomes production.
      const del = await call(a, 'DELETE', `${paths.prompt(v2._id)}?groupId=${group._id}`);
      expect(del.body).toEqual({ prompt: 'Prompt deleted successfully', productionId: v3._id });
      // A version of another group named with this one is not found.
      const other = await create(a, 'Other');
      expect((await call(a, 'DELETE', `${paths.prompt(other.prompt._id)}?groupId=${group._id}`)).status).toBe(
        404,
      );
      await call(a, 'DELETE', paths.prompt(v3._id));
      const last = await call(a, 'DELETE', paths.prompt(v1._id));
      expect(last.body).toEqual({
        prompt: 'Prompt deleted successfully',
        promptGroup: { message: 'Prompt group deleted successfully', id: group._id },
      });
      expect((await call(a, 'GET', paths.promptGroup(group._id))).status).toBe(404);
    });

    it('updates fields, deletes a group with its versions and counts uses', async () => {
      const a = await makeUser(t);
      const { group, prompt } = await create(a, 'Fields');
      const patched = await call<PromptGroup>(a, 'PATCH', paths.promptGroup(group._id), {
        name: 'Renamed',
        oneliner: 'short',
        category: 'code',
        command: 'Do It',
      });
      expect(patched.body).toMatchObject({
        name: 'Renamed',
        oneliner: 'short',
        category: 'code',
        command: 'do-it',
      });
      expect(patched.body.updatedAt).toBeGreaterThan(group.updatedAt);
      const used = await call<{ numberOfGenerations: number }>(a, 'POST', paths.promptGroupUse(group._id));
      expect(used.body).toEqual({ numberOfGenerations: 1 });
      expect((await call(a, 'DELETE', paths.promptGroup(group._id))).body).toEqual({
        message: 'Prompt group deleted successfully',
        id: group._id,
      });
      expect((await call(a, 'GET', paths.prompt(prompt._id))).status).toBe(404);
      expect(names(await list(a, '?name=Renamed'))).toEqual([]);
    });
  });

  describe('listing and search', () => {
    it('pages by cursor and by page number, newest update first, and filters by category', async () => {
      const a = await makeUser(t);
      for (let i = 1; i <= 12; i++)
        await create(a, `Item ${i}`, `body ${i}`, { category: i % 3 ? 'misc' : 'code' });
      const first = await list(a);
      expect(first).toMatchObject({ pageNumber: 1, pageSize: 10, pages: 2, has_more: true });
      expect(names(first)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `Item ${i}`));
      const second = await list(a, `?cursor=${first.after}`);
      expect(names(second)).toEqual(['Item 2', 'Item 1']);
      expect(second).toMatchObject({ has_more: false, after: null });
      expect(names(await list(a, '?pageNumber=2'))).toEqual(['Item 2', 'Item 1']);
      expect(names(await list(a, '?limit=3'))).toEqual(['Item 12', 'Item 11', 'Item 10']);
      const code = await list(a, '?category=code');
      expect(names(code)).toEqual(['Item 12', 'Item 9', 'Item 6', 'Item 3']);
      expect(code.pages).toBe(1);
    });

    it('searches name, oneliner and production text, every word as a prefix', async () => {
      const a = await makeUser(t);
      await create(a, 'Zebra poem', 'Write about stripes', { oneliner: 'Animal verse', category: 'write' });
      await create(a, 'Café review', 'Judge the espresso');
      const { group } = await create(a, 'Tax helper', 'first draft');
      await call(a, 'POST', paths.promptGroupPrompts(group._id), { prompt: { prompt: 'quarterly ledger' } });
      expect(names(await list(a, '?name=zeb'))).toEqual(['Zebra poem']);
      expect(names(await list(a, '?name=animal'))).toEqual(['Zebra poem']);
      expect(names(await list(a, '?name=stripes%20wri'))).toEqual(['Zebra poem']);
      expect(names(await list(a, '?name=espresso'))).toEqual(['Café review']);
      expect(names(await list(a, '?name=cafe'))).toEqual(['Café review']);
      expect(names(await list(a, '?name=zebra&category=code'))).toEqual([]);
      expect(names(await list(a, '?name=zebra&category=write'))).toEqual(['Zebra poem']);
      // Only the production text is searched: a newer version that is not production is not.
      expect(names(await list(a, '?name=ledger'))).toEqual([]);
      await call(a, 'POST', paths.promptGroupPrompts(group._id), {
        prompt: { prompt: 'annual ledger' },
        makeProduction: true,
      });
      expect(names(await list(a, '?name=ledger'))).toEqual(['Tax helper']);
      expect(names(await list(a, '?name=draft'))).toEqual([]);
      const all = await call<PromptGroup[]>(a, 'GET', paths.promptsAll);
      expect(all.body.map((g) => g.name)).toEqual(['Tax helper', 'Café review', 'Zebra poem']);
    });

    it('pages a search by cursor', async () => {
      const a = await makeUser(t);
      for (let i = 1; i <= 4; i++) await create(a, `Walrus ${i}`);
      const first = await list(a, '?name=walrus&pageSize=3');
      expect(names(first)).toEqual(['Walrus 4', 'Walrus 3', 'Walrus 2']);
      expect(first).toMatchObject({ pages: 2, has_more: true });
      expect(names(await list(a, `?name=walrus&pageSize=3&cursor=${first.after}`))).toEqual(['Walrus 1']);
      expect(names(await list(a, '?name=walrus&pageSize=3&pageNumber=2'))).toEqual(['Walrus 1']);
    });

    it('finds hits past the newest few hundred groups, and common words page through them', async () => {
      const a = await makeUser(t);
      const groups = Array.from({ length: 450 }, (_, i) => ({
        name: `Bulk ${i}`,
        prompts: [{ prompt: i === 0 ? 'oldest aardvark' : i % 2 ? 'common odd' : 'common even' }],
      }));
      const res = await call(a, 'POST', paths.promptsImport, {
        format: 'parley.prompts',
        version: 1,
        groups,
      });
      expect(res.status).toBe(201);
      // Imported in file order: Bulk 0 is the oldest.
      expect(names(await list(a, '?name=aardvark'))).toEqual(['Bulk 0']);
      const even = await list(a, '?name=even&pageSize=100');
      expect(names(even)).toHaveLength(100);
      expect(names(even)[0]).toBe('Bulk 448');
      let after = even.after;
      const seen = names(even);
      while (after) {
        const next = await list(a, `?name=even&pageSize=100&cursor=${after}`);
        seen.push(...names(next));
        after = next.after;
      }
      expect(seen).toHaveLength(224);
      expect(new Set(seen).size).toBe(224);
    });
  });

  describe('permissions and sharing (doc 2 §6)', () => {
    it("B never reads A's private group, by id, list, search, versions or all", async () => {
      const a = await makeUser(t);
      const b = await makeUser(t);
      const { group, prompt } = await create(a, 'Secretive Quokka', 'hidden words');
      expect((await call(b, 'GET', paths.promptGroup(group._id))).status).toBe(404);
      expect((await call(b, 'GET', paths.prompt(prompt._id))).status).toBe(404);
      expect((await call(b, 'GET', `${paths.prompts}?groupId=${group._id}`)).status).toBe(404);
      expect((await call(b, 'POST', paths.promptGroupUse(group._id))).status).toBe(404);
      expect(names(await list(b))).not.toContain('Secretive Quokka');
      expect(names(await list(b, '?name=quokka'))).toEqual([]);
      expect(names(await list(b, '?name=hidden'))).toEqual([]);
      const all = await call<PromptGroup[]>(b, 'GET', paths.promptsAll);
      expect(JSON.stringify(all.body)).not.toContain('Quokka');
      for (const [method, p, body] of [
        ['PATCH', paths.promptGroup(group._id), { name: 'B was here' }],
        ['DELETE', paths.promptGroup(group._id), undefined],
        ['POST', paths.promptGroupPrompts(group._id), { prompt: { prompt: 'B was here' } }],
        ['PATCH', paths.promptProduction(prompt._id), {}],
        ['DELETE', paths.prompt(prompt._id), undefined],
        ['GET', paths.promptGroupShares(group._id), undefined],
        ['PUT', paths.promptGroupShares(group._id), { emails: [b.email] }],
      ] as const) {
        const res = await call(b, method, p, body);
        expect(res.status, `${method} ${p}`).toBe(404);
        expect(JSON.stringify(res.body)).not.toContain('Quokka');
      }
      expect((await call<PromptGroup>(a, 'GET', paths.promptGroup(group._id))).body.name).toBe(
        'Secretive Quokka',
      );
    });

    it('sharing with everyone needs SHARED_GLOBAL; others then read it but cannot edit it', async () => {
      const admin = await makeUser(t, { role: 'ADMIN' });
      const a = await makeUser(t);
      const b = await makeUser(t);
      const { group, prompt } = await create(a, 'Public Pelican', 'pelican text');
      const share = { projectIds: ['instance'] };
      expect((await call(a, 'PATCH', paths.promptGroup(group._id), share)).status).toBe(403);
      await setRolePerms(admin, 'USER', { SHARED_GLOBAL: true });
      try {
        const shared = await call<PromptGroup>(a, 'PATCH', paths.promptGroup(group._id), share);
        expect(shared.body).toMatchObject({ isPublic: true, projectIds: ['instance'] });
      } finally {
        await setRolePerms(admin, 'USER', { SHARED_GLOBAL: false });
      }
      const seen = await call<PromptGroup>(b, 'GET', paths.promptGroup(group._id));
      expect(seen.body).toMatchObject({ name: 'Public Pelican', isPublic: true, canEdit: false });
      expect(names(await list(b, '?name=pelican'))).toEqual(['Public Pelican']);
      expect(names(await list(b))).toContain('Public Pelican');
      expect((await call(b, 'GET', paths.prompt(prompt._id))).status).toBe(200);
      expect((await call(b, 'POST', paths.promptGroupUse(group._id))).status).toBe(200);
      expect((await call(b, 'PATCH', paths.promptGroup(group._id), { name: 'B was here' })).status).toBe(403);
      expect((await call(b, 'DELETE', paths.prompt(prompt._id))).status).toBe(403);
      expect((await call(b, 'PATCH', paths.promptProduction(prompt._id), {})).status).toBe(403);
      // The author stops sharing without SHARED_GLOBAL.
      const off = await call<PromptGroup>(a, 'PATCH', paths.promptGroup(group._id), {
        removeProjectIds: ['instance'],
      });
      expect(off.body.isPublic).toBe(false);
      expect((await call(b, 'GET', paths.promptGroup(group._id))).status).toBe(404);
      expect(names(await list(b, '?name=pelican'))).toEqual([]);
    });

    it('shares with chosen users by email; they read it, others do not', async () => {
      const a = await makeUser(t);
      const b = await makeUser(t);
      const c = await makeUser(t);
      const { group } = await create(a, 'Chosen Capybara', 'capybara text');
      const found = await call(a, 'GET', `${paths.promptUsers}?email=${encodeURIComponent(b.email)}`);
      expect(found.body).toEqual({ name: 'Factory User', email: b.email });
      expect((await call(a, 'GET', `${paths.promptUsers}?email=nobody@example.com`)).status).toBe(404);
      const unknown = await call<{ error: { code: string; field: string } }>(
        a,
        'PUT',
        paths.promptGroupShares(group._id),
        {
          emails: [b.email, 'nobody@example.com'],
        },
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toMatchObject({ code: 'user_not_found', field: 'emails.1' });
      const shared = await call<{ users: { id: string }[] }>(a, 'PUT', paths.promptGroupShares(group._id), {
        emails: [b.email, a.email],
      });
      expect(shared.body.users.map((u) => u.id)).toEqual([b.userId]);
      const seen = await call<PromptGroup>(b, 'GET', paths.promptGroup(group._id));
      expect(seen.body).toMatchObject({ sharedWithMe: true, canEdit: false, isPublic: false });
      expect(names(await list(b, '?name=capybara'))).toEqual(['Chosen Capybara']);
      expect(names(await list(b))).toEqual(['Chosen Capybara']);
      expect((await list(b)).pages).toBe(1);
      expect((await call(c, 'GET', paths.promptGroup(group._id))).status).toBe(404);
      expect(names(await list(c, '?name=capybara'))).toEqual([]);
      // The shared list follows the group's category and order, and lists it once when public too.
      await call(a, 'PATCH', paths.promptGroup(group._id), { category: 'travel' });
      expect(names(await list(b, '?category=travel'))).toEqual(['Chosen Capybara']);
      expect(names(await list(b, '?category=misc'))).toEqual([]);
      const admin = await makeUser(t, { role: 'ADMIN' });
      await call(admin, 'PATCH', paths.promptGroup(group._id), { projectIds: ['instance'] });
      expect(names(await list(b))).toEqual(['Chosen Capybara']);
      expect((await list(b)).pages).toBe(1);
      await call(admin, 'PATCH', paths.promptGroup(group._id), { removeProjectIds: ['instance'] });
      expect(names(await list(b, '?category=travel'))).toEqual(['Chosen Capybara']);
      expect((await call(b, 'PUT', paths.promptGroupShares(group._id), { emails: [] })).status).toBe(403);
      await call(a, 'PUT', paths.promptGroupShares(group._id), { emails: [] });
      expect((await call(b, 'GET', paths.promptGroup(group._id))).status).toBe(404);
      expect(names(await list(b, '?name=capybara'))).toEqual([]);
    });

    it('a USER without CREATE gets 403 on create and import; without USE, 403 everywhere; ADMIN overrides', async () => {
      const admin = await makeUser(t, { role: 'ADMIN' });
      const a = await makeUser(t);
      const { group } = await create(a, 'Override Ocelot');
      await setRolePerms(admin, 'USER', { CREATE: false });
      try {
        const refused = await call(a, 'POST', paths.prompts, {
          prompt: { prompt: 'x' },
          group: { name: 'n' },
        });
        expect(refused.status).toBe(403);
        const importBody = { format: 'parley.prompts', version: 1, groups: [] };
        expect((await call(a, 'POST', paths.promptsImport, importBody)).status).toBe(403);
      } finally {
        await setRolePerms(admin, 'USER', { CREATE: true });
      }
      await setRolePerms(admin, 'USER', { USE: false });
      try {
        expect((await call(a, 'GET', paths.promptGroups)).status).toBe(403);
        expect((await call(a, 'GET', paths.promptGroup(group._id))).status).toBe(403);
      } finally {
        await setRolePerms(admin, 'USER', { USE: true });
      }
      // ADMIN reads and edits another's private group (doc 2 §6).
      const seen = await call<PromptGroup>(admin, 'GET', paths.promptGroup(group._id));
      expect(seen.body).toMatchObject({ name: 'Override Ocelot', canEdit: true });
      const renamed = await call<PromptGroup>(admin, 'PATCH', paths.promptGroup(group._id), {
        name: 'By admin',
      });
      expect(renamed.body.name).toBe('By admin');
      expect((await call(admin, 'DELETE', paths.promptGroup(group._id))).status).toBe(200);
    });

    it('counts uses at most 30 a minute per user', async () => {
      const a = await makeUser(t);
      const { group } = await create(a, 'Counter');
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++)
        statuses.push((await call(a, 'POST', paths.promptGroupUse(group._id))).status);
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  });

  describe('account deletion', () => {
    it("takes the user's groups, versions, shares and search rows with it", async () => {
      const a = await makeUser(t);
      const b = await makeUser(t);
      const { group } = await create(a, 'Doomed Dodo', 'dodo text');
      await call(a, 'PUT', paths.promptGroupShares(group._id), { emails: [b.email] });
      const kept = await create(b, 'Kept Kiwi', 'kiwi text');
      const db = t.app.ctx.db;
      const searchRows = async () =>
        t.app.ctx.dialect === 'sqlite'
          ? (
              await db
                .selectFrom('prompt_search_keys' as never)
                .select('group_id' as never)
                .execute()
            ).length
          : (
              await db
                .selectFrom('prompt_group_search' as never)
                .select('group_id' as never)
                .execute()
            ).length;
      const before = await searchRows();
      expect((await call(a, 'DELETE', '/api/user')).status).toBe(204);
      expect(await db.selectFrom('prompt_groups').select('id').where('id', '=', group._id).execute()).toEqual(
        [],
      );
      expect(await db.selectFrom('prompts').select('id').where('group_id', '=', group._id).execute()).toEqual(
        [],
      );
      expect(
        await db
          .selectFrom('prompt_group_shares')
          .select('user_id')
          .where('group_id', '=', group._id)
          .execute(),
      ).toEqual([]);
      expect(await searchRows()).toBe(before - 1);
      expect(names(await list(b, '?name=dodo'))).toEqual([]);
      expect(names(await list(b, '?name=kiwi'))).toEqual(['Kept Kiwi']);
      expect(kept.group.author).toBe(b.userId);
    });
  });

  describe('export and import', () => {
    it('round-trips groups with their versions and production, as new groups of the importer', async () => {
      const a = await makeUser(t);
      const b = await makeUser(t);
      const { group } = await create(a, 'Exported Emu', 'v1', {
        oneliner: 'emu',
        category: 'idea',
        command: 'emu',
      });
      await call(a, 'POST', paths.promptGroupPrompts(group._id), {
        prompt: { prompt: 'v2' },
        makeProduction: true,
      });
      await call(a, 'POST', paths.promptGroupPrompts(group._id), { prompt: { prompt: 'v3' } });
      const exported = (await call<{ groups: unknown[] }>(a, 'GET', paths.promptsExport)).body;
      expect(exported).toMatchObject({
        format: 'parley.prompts',
        version: 1,
        groups: [
          {
            name: 'Exported Emu',
            oneliner: 'emu',
            category: 'idea',
            command: 'emu',
            production: 1,
            prompts: [{ prompt: 'v1' }, { prompt: 'v2' }, { prompt: 'v3' }],
          },
        ],
      });
      const imported = await call<{ imported: number; groupIds: string[] }>(
        b,
        'POST',
        paths.promptsImport,
        exported,
      );
      expect(imported.status).toBe(201);
      expect(imported.body.imported).toBe(1);
      const copy = (await call<PromptGroup>(b, 'GET', paths.promptGroup(imported.body.groupIds[0]))).body;
      expect(copy).toMatchObject({
        name: 'Exported Emu',
        author: b.userId,
        productionPrompt: { prompt: 'v2' },
      });
      const versions = (await call<Prompt[]>(b, 'GET', `${paths.prompts}?groupId=${copy._id}`)).body;
      expect(versions.map((v) => v.prompt)).toEqual(['v3', 'v2', 'v1']);
      expect(names(await list(b, '?name=emu'))).toEqual(['Exported Emu']);
      // A's original is untouched and still A's alone.
      expect((await call(b, 'GET', paths.promptGroup(group._id))).status).toBe(404);
    });

    it('a file with one bad group imports nothing', async () => {
      const a = await makeUser(t);
      const bad = {
        format: 'parley.prompts',
        version: 1,
        groups: [
          { name: 'Fine', prompts: [{ prompt: 'ok' }] },
          { name: '', prompts: [{ prompt: 'ok' }] },
        ],
      };
      const res = await call<{ error: { message: string; field: string } }>(
        a,
        'POST',
        paths.promptsImport,
        bad,
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        message: PROMPT_ERROR_TEXT.nameRequired,
        field: 'groups.1.name',
      });
      expect(names(await list(a))).toEqual([]);
      const wrong = await call(a, 'POST', paths.promptsImport, { groups: [] });
      expect(wrong.status).toBe(400);
    });
  });
});
