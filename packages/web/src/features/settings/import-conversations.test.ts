import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { checkImportFile, importErrorText } from './import-conversations.tsx';

const file = (name: string, size: number, type = '') => new File([new Uint8Array(size)], name, { type });

describe('import file checks', () => {
  it('takes .json files under the limit only', () => {
    expect(checkImportFile(file('chats.json', 10), 100)).toBeNull();
    expect(checkImportFile(file('CHATS.JSON', 10), 100)).toBeNull();
    expect(checkImportFile(file('notes.txt', 10, 'text/plain'), 100)).toBe('Unsupported import type');
    expect(checkImportFile(file('big.json', 3 * 1024 * 1024), 2 * 1024 * 1024)).toBe(
      'The file is too large. Please upload a file smaller than 2 MB',
    );
  });

  it('words the server import errors by their code', () => {
    const limit = 2 * 1024 * 1024;
    // The code decides, not the message: a reworded server text still gets the file-type error.
    expect(importErrorText(new ApiError(400, 'import_unsupported', 'Not a type we read'), limit)).toBe(
      'Unsupported import type',
    );
    expect(importErrorText(new ApiError(413, 'import_too_large', 'x'), limit)).toBe(
      'The file is too large to import (the limit is 2 MB).',
    );
    expect(importErrorText(new ApiError(400, 'import_invalid', 'The file is not valid JSON.'), limit)).toBe(
      'There was an error importing your conversations',
    );
    expect(importErrorText(new TypeError('Failed to fetch'), limit)).toBe(
      'There was an error importing your conversations',
    );
  });
});
