import type { EndpointFileConfig } from '@parley/schema';
import { describe, expect, it } from 'vitest';
import { formatMb, inferType, typeSupported, validateFiles } from './validate.ts';

const MB = 1024 * 1024;
const rules: EndpointFileConfig = {
  fileLimit: 3,
  fileSizeLimit: 2 * MB,
  totalSizeLimit: 5 * MB,
  supportedMimeTypes: ['^image/(png|jpeg)$', '^application/pdf$', '^text/'],
};
const file = (name: string, size: number, type = '') => new File([new Uint8Array(size)], name, { type });

describe('validateFiles (doc 1 §5 texts)', () => {
  it('accepts files within the rules, with their types', () => {
    const { accepted, errors } = validateFiles([file('a.png', 10, 'image/png'), file('b.md', 5)], [], rules);
    expect(errors).toEqual([]);
    expect(accepted.map((c) => c.type)).toEqual(['image/png', 'text/markdown']);
  });

  it('refuses an empty drop', () => {
    expect(validateFiles([file('a.txt', 0, 'text/plain')], [], rules).errors).toEqual([
      'Empty files are not allowed.',
    ]);
  });

  it('counts what is already attached against fileLimit', () => {
    const attached = [{ filename: 'x.txt', bytes: 1, type: 'text/plain' }];
    const r = validateFiles([file('a.txt', 1), file('b.txt', 1), file('c.txt', 1)], attached, rules);
    expect(r).toEqual({ accepted: [], errors: ['You can only upload up to 3 files at a time.'] });
  });

  it('names a file whose type cannot be told, and an unsupported type', () => {
    const r = validateFiles([file('blob', 3), file('a.gif', 3, 'image/gif')], [], rules);
    expect(r.errors).toEqual([
      'Unable to determine file type for: blob',
      'Currently, unsupported file type: image/gif',
    ]);
  });

  it('refuses a file at the size limit, not one byte under', () => {
    const r = validateFiles(
      [file('big.pdf', 2 * MB, 'application/pdf'), file('ok.pdf', 2 * MB - 1, 'application/pdf')],
      [],
      rules,
    );
    expect(r.errors).toEqual(['File size exceeds 2 MB.']);
    expect(r.accepted.map((c) => c.file.name)).toEqual(['ok.pdf']);
  });

  it('refuses a total above totalSizeLimit, attached files included', () => {
    const attached = [{ filename: 'x.pdf', bytes: 4 * MB, type: 'application/pdf' }];
    expect(validateFiles([file('a.pdf', 1.5 * MB, 'application/pdf')], attached, rules).errors).toEqual([
      'The total size of the files cannot exceed 5 MB.',
    ]);
  });

  it('finds duplicates by name, size and type family', () => {
    const attached = [{ filename: 'a.png', bytes: 10, type: 'image/jpeg' }];
    const r = validateFiles(
      [file('a.png', 10, 'image/png'), file('a.png', 11, 'image/png')],
      attached,
      rules,
    );
    expect(r.errors).toEqual(['Duplicate file detected.']);
    expect(r.accepted).toHaveLength(1);
    // Two equal files in one drop: the second is the duplicate.
    expect(validateFiles([file('n.txt', 4), file('n.txt', 4)], [], rules).errors).toEqual([
      'Duplicate file detected.',
    ]);
  });

  it('needs a tool resource for a document on the agents endpoint', () => {
    expect(validateFiles([file('a.pdf', 4, 'application/pdf')], [], rules, { agents: true }).errors).toEqual([
      'No capabilities enabled that support this file type.',
    ]);
    expect(
      validateFiles([file('a.pdf', 4, 'application/pdf')], [], rules, {
        agents: true,
        toolResource: 'file_search',
      }).errors,
    ).toEqual([]);
  });

  it('turns an exception into the validation error', () => {
    const broken = { ...rules, supportedMimeTypes: null as unknown as string[] };
    expect(validateFiles([file('a.txt', 1, 'text/plain')], [], broken).errors).toEqual([
      'An error occurred while validating the file.',
    ]);
  });
});

describe('helpers', () => {
  it('infers a missing type from the extension', () => {
    expect(inferType({ name: 'Report.PDF', type: '' })).toBe('application/pdf');
    expect(inferType({ name: 'x.weird', type: '' })).toBeNull();
    expect(inferType({ name: 'x.pdf', type: 'image/png' })).toBe('image/png');
  });

  it('matches types against supportedMimeTypes sources, ignoring broken ones', () => {
    expect(typeSupported('text/csv', ['^text/'])).toBe(true);
    expect(typeSupported('text/csv', ['(', '^image/'])).toBe(false);
  });

  it('words megabytes plainly', () => {
    expect(formatMb(512 * MB)).toBe('512');
    expect(formatMb(1.5 * MB)).toBe('1.5');
  });
});
