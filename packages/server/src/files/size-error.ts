import { AppError } from '../errors.ts';

const MB = 1024 * 1024;

/** 'File size exceeds {n} MB.' (doc 1 §5) with the limit in MB as LibreChat words it (up to two decimals). */
export function fileTooLarge(limitBytes: number): AppError {
  return new AppError(
    'files_too_large',
    `File size exceeds ${Math.round((limitBytes / MB) * 100) / 100} MB.`,
  );
}
