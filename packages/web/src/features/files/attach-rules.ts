import type { EndpointFileConfig, FileObject } from '@parley/schema';
import '../../i18n/en-files.ts';
import { t } from '../../i18n/t.ts';
import { typeSupported } from './validate.ts';

/** Where attached files go: the conversation's endpoint (null when it has none). */
/** LibreChat's two assistants endpoints. */
const isAssistantsEndpoint = (endpoint: string) =>
  endpoint === 'assistants' || endpoint === 'azureAssistants';

export type AttachTarget = { endpoint: string | null };

export type AttachVerdict = { ok: true; warning?: string } | { ok: false; error: string };

/**
 * May this file from the files table join the conversation? (doc 3 "Attaching files from the
 * files table"; the §8 attach error texts.)
 */
export function attachVerdict(
  file: Pick<FileObject, 'bytes' | 'type' | 'source'> | null | undefined,
  target: AttachTarget,
  rules: EndpointFileConfig | null,
): AttachVerdict {
  const endpoint = target.endpoint;
  if (!file || !endpoint) return { ok: false, error: t('com_ui_attach_error') };
  const assistants = isAssistantsEndpoint(endpoint);
  if (file.source === 'openai' && !assistants) return { ok: false, error: t('com_ui_attach_error_openai') };
  if (rules && file.bytes > rules.fileSizeLimit)
    return { ok: false, error: `${t('com_ui_attach_error_size')} ${endpoint}` };
  if (rules && !typeSupported(file.type, rules.supportedMimeTypes))
    return { ok: false, error: `${t('com_ui_attach_error_type')} ${endpoint}` };
  if (assistants && file.source !== 'openai') return { ok: true, warning: t('com_ui_attach_warn_endpoint') };
  return { ok: true };
}
