import type { ToolResource } from '@parley/schema';
import type { TranslationKey } from '../../i18n/t.ts';

/** What an upload can be for besides an image, by endpoint (doc 3 "Upload type choice"). */
export function endpointCapabilities(endpoint: string | null): ToolResource[] {
  // Agents choose per capability (file_search, execute_code, ocr) once agents land; every other
  // endpoint reads documents as text or searches them, both built in (issue 14).
  if (endpoint === 'agents') return ['file_search', 'execute_code', 'context', 'ocr'];
  return ['context', 'file_search'];
}

/**
 * The choices a drop (or the attach menu) offers: the image option only when every file is an
 * image, then what the endpoint's capabilities allow (doc 3).
 */
export function uploadChoices(
  types: readonly string[],
  capabilities: readonly ToolResource[],
): ToolResource[] {
  const allImages = types.length > 0 && types.every((type) => type.startsWith('image/'));
  return [...(allImages ? (['image'] as const) : []), ...capabilities.filter((c) => c !== 'image')];
}

/** The menu text of each choice (LibreChat's English). */
export const CHOICE_LABEL: Record<ToolResource, TranslationKey> = {
  image: 'com_ui_upload_image_input',
  context: 'com_ui_upload_ocr_text',
  file_search: 'com_ui_upload_file_search',
  execute_code: 'com_ui_upload_code_files',
  ocr: 'com_ui_upload_ocr',
};
