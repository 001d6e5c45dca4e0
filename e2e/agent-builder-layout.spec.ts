import { expect, test } from './fixtures.ts';
import { apiToken, signIn } from './helpers.ts';
import { layoutProblems, openSidePanel, SIZES } from './layout.ts';

/**
 * The agent builder fits the panel it is in, on a phone (the panel is an overlay) and on a desktop
 * (the panel at its default width): see layout.ts for what is checked. Checked on the builder
 * (new and saved agent, with a file), model and advanced sub-panels.
 */

test.describe.configure({ mode: 'parallel' });

for (const size of SIZES) {
  test(`the agent builder's sub-panels fit at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const account = await signIn(page);
    const token = await apiToken(page, account);
    const headers = { authorization: `Bearer ${token}` };
    const name = 'An agent whose name is much longer than the panel is wide';
    const created = await page.request.post('/api/agents', {
      headers,
      data: { name, instructions: 'Help.', provider: 'openAI', model: 'gpt-4o', tools: ['file_search'] },
    });
    expect(created.status()).toBe(201);
    const agentId = (await created.json()).id as string;
    const upload = await page.request.post('/api/files', {
      headers,
      multipart: {
        file_id: crypto.randomUUID(),
        endpoint: 'agents',
        agent_id: agentId,
        tool_resource: 'file_search',
        file: {
          name: 'quarterly-orchard-maintenance-notes-for-the-gardeners.txt',
          mimeType: 'text/plain',
          buffer: Buffer.from('Prune the pears in February.\n'),
        },
      },
    });
    expect(upload.ok(), await upload.text()).toBe(true);

    await page.reload();
    await openSidePanel(page, 'agents');
    const builder = page.getByTestId('agent-builder');
    await expect(builder).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);

    await page.getByTestId('agent-select').selectOption({ label: name });
    await expect(builder.getByTestId('agent-file')).toContainText('quarterly-orchard');
    await expect(builder.getByTestId('agent-history')).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);

    await builder.getByTestId('agent-open-model').click();
    await expect(page.getByTestId('agent-model-panel')).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
    await page.getByTestId('agent-subpanel-back').click();
    await page.getByTestId('agent-open-advanced').click();
    await expect(page.getByTestId('agent-chain')).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
  });
}
