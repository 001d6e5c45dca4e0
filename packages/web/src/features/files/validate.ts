import { type EndpointFileConfig, FILE_RULE_TEXT, fileRuleText } from '@parley/schema';
import { t } from '../../i18n/t.ts';

/**
 * Client-side upload checks (doc 1 §5), against the endpoint's file config. A convenience that
 * saves a round trip: the server checks the bytes again and its answer is the law.
 */

const MB = 1024 * 1024;

/** Types guessed from the extension when the browser gives none (doc 1 §5). */
const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
  yaml: 'application/x-yaml',
  yml: 'application/x-yaml',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  js: 'text/javascript',
  ts: 'application/typescript',
  py: 'text/x-python',
  java: 'text/x-java',
  c: 'text/x-c',
  cpp: 'text/x-c++',
  go: 'text/x-go',
  rs: 'text/x-rust',
  rb: 'text/x-ruby',
  php: 'text/x-php',
  sh: 'application/x-sh',
  sql: 'application/sql',
  css: 'text/css',
  zip: 'application/zip',
};

/** The file's MIME type: the browser's, else guessed from the extension; null when unknown. */
export function inferType(file: Pick<File, 'name' | 'type'>): string | null {
  if (file.type) return file.type;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return ext ? (EXTENSION_TYPES[ext] ?? null) : null;
}

/** Whether a type matches one of the endpoint's supportedMimeTypes (regular expression sources). */
export function typeSupported(type: string, supported: readonly string[]): boolean {
  return supported.some((source) => {
    try {
      return new RegExp(source).test(type);
    } catch {
      return false;
    }
  });
}

/** Megabytes as the messages show them: whole numbers plain, others to two places. */
export function formatMb(bytes: number): string {
  const mb = bytes / MB;
  return Number.isInteger(mb) ? String(mb) : String(Math.round(mb * 100) / 100);
}

/** What is already attached, for the count, total and duplicate rules. */
export type AttachedInfo = { filename: string; bytes: number; type: string };

/** A file accepted for upload with its decided type. */
export type CheckedFile = { file: File; type: string };

export type ValidationResult = { accepted: CheckedFile[]; errors: string[] };

const family = (type: string) => type.split('/')[0] ?? type;

/**
 * Check new files against the endpoint's rules (doc 1 §5). Batch rules (empty, count, total)
 * refuse the whole drop; per-file rules (type, size, duplicate) refuse that file only, and every
 * refusal is reported so the toast can list them together (doc 1 §6).
 */
export function validateFiles(
  files: readonly File[],
  attached: readonly AttachedInfo[],
  config: EndpointFileConfig,
  options: { agents?: boolean; toolResource?: string | null } = {},
): ValidationResult {
  const errors: string[] = [];
  try {
    if (files.length === 0 || files.reduce((sum, f) => sum + f.size, 0) === 0)
      return { accepted: [], errors: [t('com_error_files_empty')] };
    if (files.length + attached.length > config.fileLimit)
      return { accepted: [], errors: [fileRuleText(FILE_RULE_TEXT.limit, { n: config.fileLimit })] };
    const newTotal = files.reduce((sum, f) => sum + f.size, 0);
    const attachedTotal = attached.reduce((sum, f) => sum + f.bytes, 0);
    if (newTotal + attachedTotal > config.totalSizeLimit)
      return {
        accepted: [],
        errors: [fileRuleText(FILE_RULE_TEXT.totalTooLarge, { n: formatMb(config.totalSizeLimit) })],
      };

    const accepted: CheckedFile[] = [];
    const seen: AttachedInfo[] = [...attached];
    for (const file of files) {
      const type = inferType(file);
      if (!type) {
        errors.push(fileRuleText(FILE_RULE_TEXT.typeUnknown, { filename: file.name }));
        continue;
      }
      if (!typeSupported(type, config.supportedMimeTypes)) {
        errors.push(fileRuleText(FILE_RULE_TEXT.unsupportedType, { type }));
        continue;
      }
      if (file.size >= config.fileSizeLimit) {
        errors.push(fileRuleText(FILE_RULE_TEXT.tooLarge, { n: formatMb(config.fileSizeLimit) }));
        continue;
      }
      if (
        seen.some((f) => f.filename === file.name && f.bytes === file.size && family(f.type) === family(type))
      ) {
        errors.push(t('com_error_files_dupe'));
        continue;
      }
      if (options.agents && !type.startsWith('image/') && !options.toolResource) {
        errors.push(t('com_error_files_unsupported_capability'));
        continue;
      }
      seen.push({ filename: file.name, bytes: file.size, type });
      accepted.push({ file, type });
    }
    return { accepted, errors };
  } catch {
    return { accepted: [], errors: [t('com_error_files_validation')] };
  }
}
