import { ERRORS, type ErrorCode } from '@parley/schema';

/** An error with a code from the shared catalogue; the error handler renders it (DESIGN §4). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field?: string;

  constructor(code: ErrorCode, message?: string, field?: string) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.status = ERRORS[code].status;
    this.field = field;
  }
}

export const notFound = (code: ErrorCode = 'not_found') => new AppError(code);
