import { z } from 'zod';

/**
 * Largest conversation import accepted, in bytes: LibreChat's default for
 * `CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES` (250 MiB). The server may be configured lower or higher;
 * the startup config reports the value in force as `conversationImportMaxFileSize`.
 */
export const CONVERSATION_IMPORT_MAX_FILE_SIZE = 262_144_000;

/** The server's message when a file is JSON but in no known export format (doc 3 §8 keys off it). */
export const UNSUPPORTED_IMPORT_TYPE = 'Unsupported import type';

/** Export types of the export dialog (doc 3 §2, §9). */
export const EXPORT_TYPES = ['screenshot', 'text', 'markdown', 'json', 'csv'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** CSV export columns, in order (doc 1 §5). */
export const EXPORT_CSV_COLUMNS = [
  'sender',
  'text',
  'isCreatedByUser',
  'error',
  'unfinished',
  'messageId',
  'parentMessageId',
  'createdAt',
] as const;

export const ImportJobStatus = z.enum(['running', 'done', 'failed']);
export type ImportJobStatus = z.infer<typeof ImportJobStatus>;

/** Progress of one import: conversations converted and saved so far out of the file's total. */
export const ImportJob = z.object({
  jobId: z.string(),
  status: ImportJobStatus,
  /** The detected format: parley (ours and LibreChat's), chatgpt, claude, chatbot-ui. */
  format: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  /** Conversations saved (skipped empty ones are counted in `done` but not here). */
  imported: z.number().int(),
  error: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJob>;

/** POST /api/convos/import → 201: LibreChat's `{message}` plus the job to follow. */
export const ImportStarted = ImportJob.extend({ message: z.string() });
export type ImportStarted = z.infer<typeof ImportStarted>;

export const ImportJobParams = z.object({ jobId: z.string().min(1).max(64) });
