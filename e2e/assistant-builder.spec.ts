import { expect, test } from './fixtures.ts';
import { apiToken, signIn } from './helpers.ts';
import { layoutProblems, openSidePanel, SIZES } from './layout.ts';

/**
 * The assistant builder's files (issue 15): each capability that is on lists its files by name and
 * type with a remove button, as the agent builder does, and the panel fits a phone and a desktop.
 */

test.describe.configure({ mode: 'parallel' });

for (const size of SIZES) {
  test(`an assistant's files are listed, added and removed at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const account = await signIn(page);
    const token = await apiToken(page, account);
    const created = await page.request.post('/api/agents', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name: 'Orchard tutor',
        instructions: 'Teach.',
        provider: 'openAI',
        model: 'gpt-4o',
        tools: ['file_search', 'execute_code'],
        kind: 'assistant',
      },
    });
    expect(created.status()).toBe(201);

    await page.reload();
    await openSidePanel(page, 'assistants');
    const builder = page.getByTestId('assistant-builder');
    await builder.getByTestId('assistant-select').selectOption({ label: 'Orchard tutor' });
    const search = builder.getByTestId('assistant-files-file_search');
    await expect(search).toBeVisible();

    const chooser = page.waitForEvent('filechooser');
    await builder.getByTestId('assistant-upload-file_search').click();
    await (await chooser).setFiles({
      name: 'quarterly-orchard-maintenance-notes-for-the-gardeners.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Prune the pears in February.\n'),
    });
    const file = search.getByTestId('assistant-file');
    await expect(file).toHaveCount(1);
    await expect(file.getByTestId('resource-file-name')).toHaveText(
      'quarterly-orchard-maintenance-notes-for-the-gardeners.txt',
    );
    await expect(file.getByTestId('resource-file-ext')).toHaveText('TXT');
    await expect(
      builder.getByTestId('assistant-files-execute_code').getByTestId('assistant-file'),
    ).toHaveCount(0);
    expect(await layoutProblems(page)).toEqual([]);

    await file.getByRole('button', { name: /^Remove quarterly-orchard/ }).click();
    await expect(search.getByTestId('assistant-file')).toHaveCount(0);
    await page.reload();
    // A wide screen keeps the panel open across the reload; a small one starts with it closed.
    if (size.width < 768) await openSidePanel(page, 'assistants');
    await expect(page.getByTestId('assistant-builder')).toBeVisible();
    await page.getByTestId('assistant-select').selectOption({ label: 'Orchard tutor' });
    await expect(page.getByTestId('assistant-files-file_search')).toBeVisible();
    await expect(page.getByTestId('assistant-file')).toHaveCount(0);
  });
}
