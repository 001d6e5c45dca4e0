import { ApiError } from '../../api/client.ts';
import { knownErrorText } from '../../api/errors.ts';
import { t } from '../../i18n/t.ts';

/**
 * An upload failure in words (doc 1 §6): canceled → com_error_files_upload_canceled; otherwise the
 * server's message (mapped by code where the web words it), else com_error_files_upload.
 */
export function uploadErrorText(error: unknown): string {
  if (error instanceof DOMException && error.name === 'AbortError')
    return t('com_error_files_upload_canceled');
  if (error instanceof ApiError && error.code !== 'http_error')
    return knownErrorText(error) ?? (error.message || t('com_error_files_upload'));
  return t('com_error_files_upload');
}
