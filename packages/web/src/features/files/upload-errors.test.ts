import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { uploadErrorText } from './upload-errors.ts';

describe('uploadErrorText (doc 1 §6)', () => {
  it('words a canceled upload', () => {
    expect(uploadErrorText(new DOMException('aborted', 'AbortError'))).toMatch(
      /^The file upload request was canceled\./,
    );
  });

  it('shows a limit as the server words it, and a mapped code in the web words', () => {
    expect(uploadErrorText(new ApiError(413, 'files_too_large', 'File size exceeds 20 MB.'))).toBe(
      'File size exceeds 20 MB.',
    );
    expect(uploadErrorText(new ApiError(409, 'files_dupe', 'x'))).toBe('Duplicate file detected.');
    expect(uploadErrorText(new ApiError(400, 'some_new_code', 'Server says so.'))).toBe('Server says so.');
  });

  it('falls back to com_error_files_upload without a server message', () => {
    expect(uploadErrorText(new ApiError(502, 'http_error', 'Bad Gateway'))).toBe(
      'An error occurred while uploading the file.',
    );
    expect(uploadErrorText(new TypeError('Failed to fetch'))).toBe(
      'An error occurred while uploading the file.',
    );
  });
});
