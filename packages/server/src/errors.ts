import { type ChatError, chatErrorText, ERRORS, type ErrorCode } from '@parley/schema';

/** An error with a code from the shared catalogue; the error handler renders it (DESIGN §4). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field?: string;
  /** A chat limit's chat error (doc 2 §8.3), sent as `error.details`. */
  readonly details?: ChatError;

  constructor(code: ErrorCode, message?: string, field?: string, details?: ChatError) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.status = ERRORS[code].status;
    this.field = field;
    this.details = details;
  }
}

export const notFound = (code: ErrorCode = 'not_found') => new AppError(code);

/**
 * A chat limit refused the message: the chat error travels typed in `details`, and the message
 * keeps its LibreChat JSON text for API clients that read it.
 */
export const chatRefusal = (code: ErrorCode, error: ChatError) =>
  new AppError(code, chatErrorText(error), undefined, error);
