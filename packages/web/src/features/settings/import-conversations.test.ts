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

  it('shows the file-type error when the server says the type is unsupported', () => {
    expect(importErrorText(new ApiError(400, 'import_unsupported', 'Unsupported import type'))).toBe(
      'Unsupported import type',
    );
    expect(importErrorText(new ApiError(400, 'import_invalid', 'The file is not valid JSON.'))).toBe(
      'There was an error importing your conversations',
    );
    expect(importErrorText(new TypeError('Failed to fetch'))).toBe(
      'There was an error importing your conversations',
    );
  });
});
