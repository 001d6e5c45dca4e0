import { paths } from '@parley/schema';
import {
  type ApiPeer,
  apiSpec,
  type OAuthPeer,
  startApiServer,
  startOAuthServer,
} from '../packages/server/test/support/action-peers.ts';
import { expect, test } from './fixtures.ts';
import { apiToken, signIn } from './helpers.ts';

/**
 * An agent's OpenAPI action behind OAuth (issue 16 point 1; doc 2 §4.12): the call waits with the
 * sign-in link and the trust warning, the user signs in through a local authorization server (PKCE
 * checked) in a new tab, and the same reply goes on with the API's answer. The action is made over
 * the API (its builder sub-panel comes with the web slice); the API and the authorization server
 * listen on 127.0.0.3, the one private address the e2e app allows (ALLOWED_PRIVATE_HOSTS).
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

test('a call that needs sign-in shows the link, and the reply goes on once the user signed in', async ({
  page,
  chat,
}) => {
  const account = await signIn(page);
  const token = await apiToken(page, account);
  const headers = { authorization: `Bearer ${token}` };
  const agent = await page.request.post('/api/agents', {
    headers,
    data: { name: 'Profile', instructions: 'Answer briefly.', provider: 'openAI', model: 'gpt-4o' },
  });
  expect(agent.status(), await agent.text()).toBe(201);
  const agentId = (await agent.json()).id as string;
  const saved = await page.request.post(paths.agentAction(agentId), {
    headers,
    data: {
      metadata: {
        raw_spec: apiSpec(api.url),
        auth: {
          type: 'oauth',
          authorization_url: `${oauth.url}/authorize`,
          client_url: `${oauth.url}/token`,
          scope: 'profile',
          token_exchange_method: 'default_post',
        },
        oauth_client_id: oauth.clientId,
        oauth_client_secret: oauth.clientSecret,
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto(`/chat/new?agent_id=${agentId}`);
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

  // The same reply goes on: the link is gone and the call has the API's answer.
  const call = reply.getByTestId('tool-call');
  await expect(call).toHaveAttribute('data-state', 'finished', { timeout: 15_000 });
  await expect(reply.getByTestId('tool-call-sign-in')).toHaveCount(0);
  await call.getByTestId('tool-call-toggle').click();
  await expect(call.getByTestId('tool-call-output')).toContainText('Ada');
  await chat.waitForReply();
  expect(oauth.pkceFailures).toBe(0);
  expect(oauth.grants).toContain('authorization_code');
});
