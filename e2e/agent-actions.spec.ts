import { type ApiPeer, apiSpec, startApiServer } from '../packages/server/test/support/action-peers.ts';
import { expect, test } from './fixtures.ts';
import { apiToken, signIn } from './helpers.ts';
import { layoutProblems, openSidePanel, SIZES } from './layout.ts';
import { AgentBuilder } from './pages/agent-builder.ts';

/**
 * The builder's actions sub-panel end to end (issue 16; doc 3 §2, §5): a spec pasted into it is
 * checked, saved as an API-key action, its functions listed and added to the agent's tools; the
 * agent's chat calls it with the key; deleting it removes it. The API listens on 127.0.0.3, the one
 * private address the e2e app allows (ALLOWED_PRIVATE_HOSTS).
 */

let api: ApiPeer;
test.beforeAll(async () => {
  api = await startApiServer('127.0.0.3');
});
test.afterAll(async () => {
  await api?.close();
});

const WEATHER_TOOL = 'getWeather_action_127---0---0---3';

async function agentOverApi(page: import('@playwright/test').Page, name: string): Promise<string> {
  const account = await signIn(page);
  const token = await apiToken(page, account);
  const agent = await page.request.post('/api/agents', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, instructions: 'Answer briefly.', provider: 'openAI', model: 'gpt-4o' },
  });
  expect(agent.status(), await agent.text()).toBe(201);
  return (await agent.json()).id as string;
}

test('an action made in the builder is checked, saved, called by the agent and deleted', async ({
  page,
  chat,
}) => {
  const agentId = await agentOverApi(page, 'Weather');
  await page.goto(`/chat/new?agent_id=${agentId}`);
  await openSidePanel(page, 'agents');
  await page.getByTestId('agent-open-actions').click();
  const panel = page.getByTestId('agent-actions-panel');
  await expect(panel).toContainText('No actions yet.');
  await panel.getByTestId('agent-action-add').click();

  await panel.getByTestId('action-spec').fill('{"openapi": "3.0.3"}');
  const message = panel.getByTestId('action-spec-message');
  await expect(message).not.toHaveText('OpenAPI spec is valid.');
  await expect(panel.getByTestId('action-save')).toBeDisabled();

  await panel.getByTestId('action-spec').fill(apiSpec(api.url));
  await expect(message).toHaveText('OpenAPI spec is valid.');
  await expect(panel.getByTestId('action-functions')).toContainText('getWeather');
  await panel.getByTestId('action-auth-type').selectOption('service_http');
  await expect(panel.getByTestId('action-save')).toBeDisabled();
  await panel.getByTestId('action-api_key').fill('e2e-secret-key');
  await panel.getByTestId('action-save').click();
  await expect(page.getByText('Successfully created or updated Action')).toBeVisible();
  const row = panel.getByTestId('agent-action-row');
  await expect(row).toContainText('127.0.0.3');
  await expect(row).toContainText('6 functions');
  // The stored key is not shown back: the form says it is kept.
  await expect(panel.getByTestId('action-editor')).toContainText('Saved — leave blank to keep it');

  // The builder's tools list has the action's functions.
  await page.getByTestId('agent-subpanel-back').click();
  await expect(page.getByTestId('agent-builder')).toContainText(WEATHER_TOOL);

  await chat.send('Weather in Paris? [[fake:steps=1 tools=getWeather]]');
  const call = chat.assistantMessages.last().getByTestId('tool-call');
  await expect(call).toHaveAttribute('data-state', 'finished', { timeout: 15_000 });
  await chat.waitForReply();
  const hit = api.seen.find((r) => r.path.startsWith('/v1/weather/'));
  expect(hit?.headers.authorization).toBe('Bearer e2e-secret-key');

  // The panel stays open beside the chat on a desktop.
  if (!(await page.getByTestId('agent-open-actions').isVisible())) await openSidePanel(page, 'agents');
  await page.getByTestId('agent-open-actions').click();
  await page.getByTestId('agent-action-delete').click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByText('Successfully deleted Action')).toBeVisible();
  await expect(page.getByTestId('agent-action-row')).toHaveCount(0);
  await page.getByTestId('agent-subpanel-back').click();
  await expect(page.getByTestId('agent-builder')).not.toContainText(WEATHER_TOOL);
});

test('actions are blocked until the agent exists', async ({ page }) => {
  await signIn(page);
  await page.goto('/chat/new');
  await openSidePanel(page, 'agents');
  await page.getByTestId('agent-open-actions').click();
  await expect(page.getByTestId('actions-no-agent')).toContainText(
    'No agent_id found, is the agent created?',
  );
});

for (const size of SIZES) {
  test(`the actions sub-panel fits at ${size.width} px`, async ({ page }, info) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const agentId = await agentOverApi(page, 'Layout');
    await page.goto(`/chat/new?agent_id=${agentId}`);
    await openSidePanel(page, 'agents');
    const panel = await new AgentBuilder(page).newAction(apiSpec(api.url));
    await panel.getByTestId('action-auth-type').selectOption('oauth');
    expect(await layoutProblems(page)).toEqual([]);
    await page.screenshot({ path: info.outputPath(`actions-${size.width}.png`) });
    await panel.getByTestId('action-save').scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`actions-auth-${size.width}.png`) });
    await panel.getByTestId('action-auth-type').selectOption('service_http');
    await panel.getByTestId('action-authorization_type').selectOption('custom');
    await expect(panel.getByTestId('action-custom_auth_header')).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
  });
}
