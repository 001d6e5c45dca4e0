import {
  type ApiPeer,
  apiSpec,
  type OAuthPeer,
  startApiServer,
  startOAuthServer,
} from '../packages/server/test/support/action-peers.ts';
import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { AgentBuilder } from './pages/agent-builder.ts';

/**
 * An agent's OpenAPI action behind OAuth, all in the browser (issue 16 point 1; doc 2 §4.12,
 * doc 3 §5): the agent is built in the side panel, the spec pasted into its actions sub-panel with
 * the OAuth form filled in; the agent's call waits with the sign-in link and the trust warning, the
 * user signs in through a local authorization server (PKCE checked) in a new tab, and the same
 * reply goes on with the API's answer. The API and the authorization server listen on 127.0.0.3,
 * the one private address the e2e app allows (ALLOWED_PRIVATE_HOSTS).
 */

let oauth: OAuthPeer;
let api: ApiPeer;
test.beforeAll(async () => {
  oauth = await startOAuthServer('127.0.0.3');
  api = await startApiServer('127.0.0.3', oauth);
});
test.afterAll(async () => {
  await api?.close();
  await oauth?.close();
});

const ME_TOOL = 'getMe_action_127---0---0---3';

test('an OAuth action made in the builder: the call shows the sign-in link, and the reply goes on once the user signed in', async ({
  page,
  chat,
}) => {
  // The whole flow (builder, chat, a sign-in in another tab) runs long on a loaded 2-core machine.
  test.slow();
  await signIn(page);
  await page.getByTestId('agents-panel-button').click();
  const builder = new AgentBuilder(page);
  await builder.fill('Profile', 'Answer briefly.');
  await builder.form.getByTestId('agent-save').click();
  await expect(page.getByRole('button', { name: 'Model: Profile' })).toBeVisible();

  const panel = await builder.newAction(apiSpec(api.url));
  await panel.getByTestId('action-auth-type').selectOption('oauth');
  // URLs and scope are required; client id and secret are not.
  await expect(panel.getByTestId('action-save')).toBeDisabled();
  await panel.getByTestId('action-oauth_client_id').fill(oauth.clientId);
  await panel.getByTestId('action-oauth_client_secret').fill(oauth.clientSecret);
  await panel.getByTestId('action-authorization_url').fill(`${oauth.url}/authorize`);
  await panel.getByTestId('action-client_url').fill(`${oauth.url}/token`);
  await expect(panel.getByTestId('action-save')).toBeDisabled();
  await panel.getByTestId('action-scope').fill('profile');
  await panel.getByTestId('action-token_exchange_method').selectOption('basic_auth_header');
  await panel.getByTestId('action-save').click();
  await expect(page.getByText('Successfully created or updated Action')).toBeVisible();
  await expect(panel.getByTestId('agent-action-row')).toContainText('127.0.0.3');
  // Saved: the secrets are kept (not shown back) and the callback to register is shown.
  const editor = panel.getByTestId('action-editor');
  await expect(editor).toContainText('Saved — leave blank to keep it');
  await expect(panel.getByTestId('action-oauth_client_secret')).toHaveValue('');
  const callbackUrl = (await panel.getByTestId('action-callback-url').textContent()) ?? '';
  expect(callbackUrl).toMatch(/\/api\/actions\/[^/]+\/oauth\/callback$/);
  await builder.back();
  await expect(builder.form).toContainText(ME_TOOL);

  await chat.send('Who am I? [[fake:steps=1 tools=getMe]]');
  const reply = chat.assistantMessages.last();
  const link = reply.getByTestId('tool-call-sign-in');
  await expect(link).toBeVisible({ timeout: 15_000 });
  await expect(link).toHaveText('Sign in to 127.0.0.3');
  await expect(reply.getByTestId('tool-call-auth')).toContainText('Only sign in to sites you trust');
  await expect(reply.getByTestId('tool-call')).toHaveAttribute('data-state', 'running');

  const [tab] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(tab.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await tab.close();
  // The authorization server was sent back to the callback the form shows.
  expect(oauth.redirectUris).toEqual([callbackUrl]);

  // The same reply goes on: the link is gone and the call has the API's answer.
  const call = reply.getByTestId('tool-call');
  await expect(call).toHaveAttribute('data-state', 'finished', { timeout: 15_000 });
  await expect(reply.getByTestId('tool-call-sign-in')).toHaveCount(0);
  await call.getByTestId('tool-call-toggle').click();
  await expect(call.getByTestId('tool-call-output')).toContainText('Ada');
  await chat.waitForReply();
  expect(oauth.pkceFailures).toBe(0);
  expect(oauth.grants).toEqual(['authorization_code']);
  // The exchange method chosen in the form: the client authenticated with a Basic header.
  expect(oauth.clientAuth).toEqual(['basic']);
  expect(api.seen.filter((r) => r.path === '/v1/me').at(-1)?.headers.authorization).toMatch(/^Bearer at_/);
});
