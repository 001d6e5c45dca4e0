import { expect, test } from './fixtures.ts';
import { signIn } from './helpers.ts';
import { SIZES } from './layout.ts';

/**
 * The composer's MCP badge (issue 16 point 2): the e2e librechat.yaml's `fixture` server (stdio,
 * the repo's SDK-built fixture) is picked in the badge's menu, and the next message calls its
 * `echo` tool through the real server's tool loop (the fake model calls `echo_mcp_fixture`).
 */

test.describe.configure({ mode: 'parallel' });

test("an MCP server picked in the badge: the reply calls its tool and shows the tool's output", async ({
  page,
  chat,
}) => {
  await signIn(page);
  await chat.goto();
  const badge = page.getByTestId('badge-mcp');
  await expect(badge).toBeVisible();
  await badge.click();
  const menu = page.getByTestId('mcp-menu');
  await expect(menu).toBeVisible();
  const server = menu.getByTestId('mcp-server-fixture');
  await expect(server).toContainText('Fixture tools');
  await server.click();
  await expect(server).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('badge-mcp-count')).toHaveText('1');

  await chat.send('Echo [[fake:steps=1 tools=echo_mcp_fixture]]');
  const call = chat.assistantMessages.last().getByTestId('tool-call');
  await expect(call).toHaveCount(1);
  await expect(call).toHaveAttribute('data-state', 'finished', { timeout: 30_000 });
  await call.getByTestId('tool-call-toggle').click();
  await expect(call.getByTestId('tool-call-output')).toContainText('echo:');

  // The created conversation keeps its pick; a new chat started from it too (last-used tools).
  const id = await chat.waitForSaved();
  await chat.goto(id);
  await expect(page.getByTestId('badge-mcp-count')).toHaveText('1');
});

test('values set for a server can be changed (shown as saved, never their value) or removed from the menu', async ({
  page,
  chat,
}) => {
  await signIn(page);
  await chat.goto();
  await page.getByTestId('badge-mcp').click();
  const menu = page.getByTestId('mcp-menu');
  await menu.getByTestId('mcp-server-keyed').click();
  const dialog = page.getByTestId('tool-key-dialog');
  await dialog.getByTestId('tool-key-FIXTURE_KEY').fill('my-fixture-value');
  await dialog.getByTestId('tool-key-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('badge-mcp-count')).toHaveText('1');

  await page.getByTestId('badge-mcp').click();
  await menu.getByTestId('mcp-change-keyed').click();
  const field = dialog.getByTestId('tool-key-FIXTURE_KEY');
  await expect(field).toHaveValue('');
  await expect(field).toHaveAttribute('placeholder', 'Saved — leave blank to keep it');
  expect(await page.content()).not.toContain('my-fixture-value');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByTestId('badge-mcp').click();
  await menu.getByTestId('mcp-revoke-keyed').click();
  await expect(menu.getByTestId('mcp-change-keyed')).toBeHidden();
  await expect(menu.getByTestId('mcp-server-keyed')).toHaveAttribute('aria-checked', 'false');
  // Picking it again asks for the value again.
  await menu.getByTestId('mcp-server-keyed').click();
  await expect(dialog.getByTestId('tool-key-FIXTURE_KEY')).toHaveAttribute('placeholder', 'Any text');
});

for (const size of SIZES) {
  test(`the MCP badge menu fits at ${size.width} px`, async ({ page, chat }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page);
    await chat.goto();
    await page.getByTestId('badge-mcp').click();
    const menu = page.getByTestId('mcp-menu');
    await expect(menu.getByTestId('mcp-server-fixture')).toBeVisible();
    await page.screenshot({ path: `/tmp/i16-shots/mcp-menu-${size.width}.png` });
    const box = await menu.boundingBox();
    expect(box).not.toBeNull();
    // Clear of the screen's edges (Radix keeps 8 px).
    expect(box!.x).toBeGreaterThanOrEqual(8);
    expect(box!.x + box!.width).toBeLessThanOrEqual(size.width - 8);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  });
}
