import { expect, test } from './fixtures.ts';
import { apiToken, signIn } from './helpers.ts';
import { layoutProblems, openSidePanel, SIZES } from './layout.ts';

/**
 * The agent builder's MCP servers section (issue 16 point 2): the e2e librechat.yaml's stdio
 * `fixture` server lists its tools under its name; picking `echo` stores `echo_mcp_fixture` on the
 * agent, a reload shows it kept, and a chat with the agent calls it through the real server's tool
 * loop (the fake model's `[[fake:steps=1 tools=echo_mcp_fixture]]`) and shows its output.
 */

test.describe.configure({ mode: 'parallel' });

test("pick an MCP server's tool in the builder, save, reload, and the agent's reply calls it", async ({
  page,
  chat,
}) => {
  await signIn(page);
  await page.getByTestId('agents-panel-button').click();
  const builder = page.getByTestId('agent-builder');
  await expect(builder).toBeVisible();
  await builder.getByTestId('agent-name').fill('Echo keeper');
  await builder.getByTestId('agent-instructions').fill('Use the echo tool.');
  await builder.getByTestId('agent-open-model').click();
  const models = page.getByTestId('agent-model-panel');
  await models.getByTestId('agent-provider').selectOption('openAI');
  await models.getByTestId('agent-model').selectOption('gpt-4o');
  await page.getByTestId('agent-subpanel-back').click();
  await builder.getByTestId('agent-save').click();
  await expect(page.getByRole('button', { name: 'Model: Echo keeper' })).toBeVisible();

  const section = builder.getByTestId('agent-section-mcp');
  const fixture = section.getByTestId('agent-mcp-server-fixture');
  await expect(fixture).toContainText('Fixture tools');
  const echo = fixture.getByTestId('agent-mcp-tool-echo_mcp_fixture');
  await expect(echo).not.toBeChecked();
  await echo.click();
  await expect(echo).toBeChecked();
  await expect(fixture.getByTestId('agent-mcp-count-fixture')).toHaveText(/^1 of \d+ selected$/);
  // MCP tools are not flat cards in the generic picker any more.
  await expect(builder.getByTestId('agent-tools-added')).toHaveCount(0);
  if (await builder.getByTestId('agent-add-tools').isVisible()) {
    await builder.getByTestId('agent-add-tools').click();
    await expect(page.getByTestId('tool-picker')).toBeVisible();
    await expect(page.getByTestId('tool-card-echo_mcp_fixture')).toHaveCount(0);
    await page.keyboard.press('Escape');
  }
  const saved = page.waitForResponse(
    (r) => /\/api\/agents\/[^/]+$/.test(r.url()) && r.request().method() === 'PATCH',
  );
  await builder.getByTestId('agent-save').click();
  const body = await (await saved).json();
  expect(body.tools).toEqual(['echo_mcp_fixture']);

  await page.reload();
  await expect(page.getByTestId('agent-builder')).toBeVisible();
  await page.getByTestId('agent-select').selectOption({ label: 'Echo keeper' });
  await expect(
    page.getByTestId('agent-mcp-server-fixture').getByTestId('agent-mcp-tool-echo_mcp_fixture'),
  ).toBeChecked();
  await expect(page.getByRole('button', { name: 'Model: Echo keeper' })).toBeVisible();

  await chat.send('Echo [[fake:steps=1 tools=echo_mcp_fixture]]');
  const call = chat.assistantMessages.last().getByTestId('tool-call');
  await expect(call).toHaveCount(1);
  await expect(call).toHaveAttribute('data-state', 'finished', { timeout: 30_000 });
  await expect(call.getByTestId('tool-call-label')).toContainText('echo');
  await call.getByTestId('tool-call-toggle').click();
  await expect(call.getByTestId('tool-call-output')).toContainText('echo:');
});

for (const size of SIZES) {
  test(`the builder's MCP servers section fits at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const account = await signIn(page);
    const token = await apiToken(page, account);
    // A held tool of a server the user does not have stays listed (its own group, marked).
    const created = await page.request.post('/api/agents', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: 'MCP layout',
        instructions: 'Help.',
        provider: 'openAI',
        model: 'gpt-4o',
        tools: ['echo_mcp_fixture', 'a_tool_with_a_rather_long_name_mcp_a-server-that-is-gone'],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.reload();
    await openSidePanel(page, 'agents');
    await page.getByTestId('agent-select').selectOption({ label: 'MCP layout' });
    const section = page.getByTestId('agent-section-mcp');
    await expect(section.getByTestId('agent-mcp-server-fixture')).toContainText('Fixture tools');
    await expect(section.getByTestId('agent-mcp-server-a-server-that-is-gone')).toContainText(
      'not available',
    );
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/i16b-shots/agent-mcp-${size.width}.png` });
    expect(await layoutProblems(page)).toEqual([]);
  });
}
