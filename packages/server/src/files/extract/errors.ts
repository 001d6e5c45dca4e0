import { AppError } from '../../errors.ts';

/**
 * Extraction failed: the bytes are damaged, refused by a guard, or took too long. The file is kept
 * (status 'failed'); routes answer with `files_process` (toAppError). `reason` is for the log and
 * the file's `error` column, never shown as the user's message.
 */
export class ExtractError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`Extraction failed: ${reason}`);
    this.name = 'ExtractError';
    this.reason = reason;
  }

  /** The spec's process error ('An error occurred while processing the file.'). */
  toAppError(): AppError {
    return new AppError('files_process');
  }
}
