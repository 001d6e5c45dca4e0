import type { FileCitation } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { newFileRow } from '../db/rows.ts';
import { AppError } from '../errors.ts';
import { type ChatFiles, checkAttachments, type FileRow, fileUse, withAttachments } from './attachments.ts';

const file = (over: Partial<FileRow> & Pick<FileRow, 'file_id' | 'type'>): FileRow => ({
  ...newFileRow({
    fileId: over.file_id,
    userId: 'u1',
    filename: `${over.file_id}.bin`,
    storageKey: over.file_id,
    type: over.type,
    bytes: 10,
    createdAt: 1,
  }),
  ...over,
});

/** An in-memory files capability: the interface the chat depends on, over a fixed set of rows. */
function filesOf(rows: FileRow[], texts: Record<string, string> = {}) {
  const searches: { query: string; files: string[] }[] = [];
  const files: ChatFiles = {
    fileTokenLimit: 100,
    refusal: (_endpoint, fs) => (fs.length > 2 ? new AppError('files_limit') : null),
    owned: async (userId, ids) => rows.filter((r) => r.user_id === userId && ids.includes(r.file_id)),
    bytes: async (f) => new TextEncoder().encode(`bytes of ${f.file_id}`),
    text: async (f) => texts[f.file_id] ?? null,
    search: async (_u, fs, query): Promise<FileCitation[]> => {
      searches.push({ query, files: fs.map((f) => f.file_id) });
      return [{ file_id: fs[0].file_id, filename: fs[0].filename, page: 3, text: 'a passage', offset: 0 }];
    },
  };
  return { files, searches };
}

describe('fileUse', () => {
  it('follows the upload choice, else the type and the size of the text', () => {
    expect(fileUse(file({ file_id: 'i', type: 'image/png' }), 100)).toBe('image');
    expect(fileUse(file({ file_id: 'o', type: 'image/png', tool_resource: 'ocr' }), 100)).toBe('text');
    expect(fileUse(file({ file_id: 's', type: 'application/pdf', tokens: 50 }), 100)).toBe('text');
    expect(fileUse(file({ file_id: 'l', type: 'application/pdf', tokens: 500 }), 100)).toBe('search');
    expect(
      fileUse(file({ file_id: 'c', type: 'text/plain', tool_resource: 'context', tokens: 500 }), 100),
    ).toBe('text');
    expect(fileUse(file({ file_id: 'x', type: 'text/csv', tool_resource: 'execute_code' }), 100)).toBe(
      'none',
    );
    expect(fileUse(file({ file_id: 'f', type: 'application/pdf', status: 'failed' }), 100)).toBe('none');
  });
});

const gpt = { endpoint: 'openAI', model: 'gpt-4o' };
const llama = { endpoint: 'Groq', model: 'llama-3.3-70b' };

describe('checkAttachments', () => {
  const rows = [
    file({ file_id: 'img', type: 'image/jpeg' }),
    file({ file_id: 'doc', type: 'application/pdf', tokens: 10 }),
    file({ file_id: 'theirs', type: 'application/pdf', user_id: 'u2' }),
  ];
  const { files } = filesOf(rows);
  const code = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: AppError) => e.code,
    );

  it("refuses another user's file as not found", async () => {
    expect(await code(checkAttachments(files, 'u1', ['doc', 'theirs'], gpt))).toBe('file_not_found');
    expect(await code(checkAttachments(files, 'u1', ['missing'], gpt))).toBe('file_not_found');
  });

  it("refuses what the endpoint's file rules refuse", async () => {
    const many = [...rows.slice(0, 2), file({ file_id: 'third', type: 'text/plain' })];
    expect(await code(checkAttachments(filesOf(many).files, 'u1', ['img', 'doc', 'third'], gpt))).toBe(
      'files_limit',
    );
  });

  it('refuses images for a model without vision, but not documents', async () => {
    expect(await code(checkAttachments(files, 'u1', ['img'], llama))).toBe('vision_unsupported');
    expect(await code(checkAttachments(files, 'u1', ['doc'], llama))).toBe('ok');
    expect((await checkAttachments(files, 'u1', ['img', 'doc', 'img'], gpt)).map((f) => f.file_id)).toEqual([
      'img',
      'doc',
    ]);
  });
});

describe('withAttachments', () => {
  const rows = [
    file({ file_id: 'img', type: 'image/png' }),
    file({ file_id: 'small', filename: 'notes.md', type: 'text/markdown', tokens: 20 }),
    file({ file_id: 'big', filename: 'report.pdf', type: 'application/pdf', tokens: 5000 }),
  ];

  it('puts images as parts, small documents inline, and passages before the newest question', async () => {
    const { files, searches } = filesOf(rows, { small: 'Note body.' });
    const { turns, citations } = await withAttachments(
      files,
      'u1',
      [
        {
          role: 'user',
          text: 'Look at these',
          files: [{ file_id: 'img' }, { file_id: 'small' }, { file_id: 'big' }],
        },
        { role: 'assistant', text: 'Seen.' },
        { role: 'user', text: 'What does the report say?' },
      ],
      'gpt-4o',
    );
    expect(turns[0].images?.map((i) => i.mediaType)).toEqual(['image/png']);
    expect(turns[0].text).toBe('[Attached file: notes.md]\nNote body.\n[End of notes.md]\n\nLook at these');
    expect(turns[0]).not.toHaveProperty('files');
    // The search runs for the newest question, over the documents of the whole branch.
    expect(searches).toEqual([{ query: 'What does the report say?', files: ['big'] }]);
    expect(citations).toHaveLength(1);
    expect(turns[2].text).toBe(
      [
        'Passages from the attached files. Where the answer uses one, cite it by its number in square brackets, like [1].',
        '[1] report.pdf, page 3:\na passage',
        '[End of passages]',
        'What does the report say?',
      ].join('\n\n'),
    );
  });

  it('leaves images out for a model without vision, and deleted files out altogether', async () => {
    const { files } = filesOf(rows.slice(1), { small: 'Note body.' });
    const { turns } = await withAttachments(
      files,
      'u1',
      [{ role: 'user', text: 'Hi', files: [{ file_id: 'img' }, { file_id: 'small' }] }],
      'llama-3.3-70b',
    );
    expect(turns[0].images).toBeUndefined();
    expect(turns[0].text).toContain('Note body.');
  });
});
