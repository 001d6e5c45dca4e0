import { EModelEndpoint, endpointFileConfig } from '@parley/schema';
import { isSupportedType, type ServerFileConfig } from '../config/file-config.ts';
import type { FilesTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { fileTooLarge } from './size-error.ts';

/**
 * Why a stored file cannot be attached to a message on `endpoint` (doc 3 "Attaching files from the
 * files table"), or null when it can: the endpoint must be known and take uploads, the file must
 * be under the endpoint's size limit and of a type it supports, and a file the OpenAI Assistants
 * API holds attaches only to assistants. For the chat, which checks every attached id with it.
 */
export function attachRefusal(
  config: ServerFileConfig,
  endpoint: string | null | undefined,
  file: Pick<FilesTable, 'bytes' | 'type' | 'source'>,
): AppError | null {
  if (!endpoint) return new AppError('files_validation');
  const rules = endpointFileConfig({ ...config, usedBytes: 0 }, endpoint);
  if (rules.disabled) return new AppError('files_disabled');
  if (file.source === 'openai' && endpoint !== EModelEndpoint.assistants)
    return new AppError('files_unsupported_capability');
  if (file.bytes >= rules.fileSizeLimit) return fileTooLarge(rules.fileSizeLimit);
  if (!isSupportedType(rules, file.type))
    return new AppError('files_unsupported_type', `Currently, unsupported file type: ${file.type}`);
  return null;
}
