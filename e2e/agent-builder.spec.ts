import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { AgentBuilder } from './pages/agent-builder.ts';

/**
 * Issue 15's builder flow, all in the browser: build an agent in the side panel (name,
 * instructions, provider and model, file search with a knowledge file), chat with it, and get an
 * answer that cites the file. The fake provider's `[[fake:steps=1 tools=file_search]]` makes the
 * model call file_search once and then answer quoting what it returned, [n] marks included.
 */

test('build an agent with instructions and file search, chat with it, and get a cited answer', async ({
  page,
  chat,
}) => {
  await signIn(page);
  await page.getByTestId('agents-panel-button').click();
  const builder = page.getByTestId('agent-builder');
  await expect(builder).toBeVisible();

  await new AgentBuilder(page).fill('Orchard keeper', 'Answer questions about the orchard from its notes.');
  await builder.getByTestId('agent-save').click();
  // Saved: the agent is the chat's now, and files can be added to it.
  await expect(page.getByRole('button', { name: 'Model: Orchard keeper' })).toBeVisible();

  await builder.getByTestId('agent-tool-file_search').click();
  const notes = 'Orchard notes.\n\nThe pear trees are pruned every February by the gardener.\n';
  await builder.getByTestId('agent-file-input-file_search').setInputFiles({
    name: 'orchard.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(notes),
  });
  await expect(builder.getByTestId('agent-file')).toContainText('orchard.txt');
  await builder.getByTestId('agent-save').click();
  await expect(page.getByText(/updated/i).first()).toBeVisible();

  await chat.sendAndWait('When are the pear trees pruned? [[fake:steps=1 tools=file_search]]');
  const reply = chat.assistantMessages.last();
  const call = reply.getByTestId('tool-call');
  await expect(call).toHaveAttribute('data-state', 'finished');
  await expect(call.getByTestId('tool-call-label')).toHaveText('Ran file_search');
  await expect(reply.getByTestId('citation-sources')).toContainText('orchard.txt');
  await reply.getByTestId('citation-mark').first().click();
  await expect(page.getByTestId('citation-passage')).toContainText('pruned every February');
});

/** An 8×8 PNG: real bytes, so the server's type check and normalising accept it. */
const AVATAR_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4YSOHFTEMLQkAfuxIgXbZGRgAAAAASUVORK5CYII=',
  'base64',
);

test('an avatar chosen before the first save is uploaded once the agent is created', async ({ page }) => {
  await signIn(page);
  await page.getByTestId('agents-panel-button').click();
  const builder = page.getByTestId('agent-builder');
  await builder.getByTestId('agent-avatar-input').setInputFiles({
    name: 'face.png',
    mimeType: 'image/png',
    buffer: AVATAR_PNG,
  });
  await expect(builder.getByTestId('agent-avatar-preview')).toBeVisible();

  await new AgentBuilder(page).fill('Portrait keeper', 'Keep the portrait.');
  const uploaded = page.waitForResponse(
    (r) => /\/api\/files\/images\/agents\/[^/]+\/avatar$/.test(r.url()) && r.request().method() === 'POST',
  );
  await builder.getByTestId('agent-save').click();
  expect((await uploaded).status()).toBe(200);

  // The stored avatar, loaded from the server, replaces the preview.
  const avatar = builder.getByTestId('agent-avatar-button').getByTestId('agent-avatar');
  await expect(avatar).toHaveAttribute('src', /\/api\/files\/avatars\/agents\//);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.reload();
  // The side panel stays on the agent builder across a reload (doc 3 §2: the active panel is kept).
  await expect(page.getByTestId('agent-builder')).toBeVisible();
  const select = page.getByTestId('agent-select');
  await select.selectOption({ label: 'Portrait keeper' });
  const again = page.getByTestId('agent-avatar-button').getByTestId('agent-avatar');
  await expect(again).toHaveAttribute('src', /\/api\/files\/avatars\/agents\//);
  await expect.poll(() => again.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});
