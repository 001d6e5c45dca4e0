import { z } from 'zod';

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
