import { CONVERSATION_IMPORT_MAX_FILE_SIZE } from '@parley/schema';

/**
 * The largest import accepted: `CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES` (LibreChat's variable),
 * else 250 MiB. A value that is not a positive number is a startup error naming the variable.
 */
export function importMaxFileSize(env: NodeJS.ProcessEnv): number {
  const raw = env.CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES;
  if (raw === undefined || raw.trim() === '') return CONVERSATION_IMPORT_MAX_FILE_SIZE;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(
      `Invalid value for CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES: "${raw}" (expected a number of bytes)`,
    );
  return n;
}
