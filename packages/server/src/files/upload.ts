import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import {
  EModelEndpoint,
  type EndpointFileConfig,
  endpointFileConfig,
  FileUploadFields,
  type ToolResource,
} from '@parley/schema';
import { isSupportedType, type ServerFileConfig } from '../config/file-config.ts';
import type { Db } from '../db/index.ts';
import { filesRepo } from '../db/repos/files.ts';
import { newFileRow } from '../db/rows.ts';
import type { FilesTable } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { DETECT_BYTES, detectType } from './detect-type.ts';
import type { ExtractPool } from './extract/pool.ts';
import { sanitizeFilename } from './filename.ts';
import {
  HEIC_MAX_INPUT_BYTES,
  HEIC_MAX_INPUT_PIXELS,
  isHeic,
  isNormalizableImage,
  type NormalizedImage,
  normalizeImage,
} from './normalize-image.ts';
import type { FileProcessor, ProcessOutcome } from './processor.ts';
import { readAll } from './read-file.ts';
import { type ByteCap, receiveParts } from './receive.ts';
import { fileTooLarge } from './size-error.ts';
import { type FileStorage, storageKey } from './storage.ts';

export interface UploadDeps {
  db: Db;
  fileStorage: FileStorage;
  fileConfig: ServerFileConfig;
  fileProcessor?: FileProcessor;
  /** Decodes HEIC/HEIF images off the request thread. */
  extractor: Pick<ExtractPool, 'decodeHeic'>;
}

export interface UploadInput {
  userId: string;
  parts: AsyncIterable<MultipartFile | MultipartValue>;
  /** POST /api/files/images: the file must be an image, and is normalised as one. */
  imageRoute: boolean;
  signal: AbortSignal;
}

function decodeName(raw: string): string {
  try {
    // Clients send the name URI-encoded (doc 3 §7); a plain name decodes to itself.
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function parseFields(raw: Record<string, string>): FileUploadFields {
  const parsed = FileUploadFields.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AppError('validation', issue.message, issue.path.join('.'));
}

/** Caps while the bytes stream in: the server's limit, the endpoint's (when already known), the quota. */
function capsFor(deps: UploadDeps, quotaLeft: number | null, fieldsSoFar: Record<string, string>): ByteCap[] {
  const { fileConfig } = deps;
  const caps: ByteCap[] = [
    { max: fileConfig.serverFileSizeLimit, error: () => fileTooLarge(fileConfig.serverFileSizeLimit) },
  ];
  if (fieldsSoFar.endpoint !== undefined) {
    const endpoint = endpointFileConfig({ ...fileConfig, usedBytes: 0 }, fieldsSoFar.endpoint);
    if (endpoint.disabled) caps.unshift({ max: -1, error: () => new AppError('files_disabled') });
    // At or above the endpoint's limit is refused (doc 1 §5).
    caps.push({ max: endpoint.fileSizeLimit - 1, error: () => fileTooLarge(endpoint.fileSizeLimit) });
  }
  if (quotaLeft !== null) caps.push({ max: quotaLeft, error: () => new AppError('files_quota') });
  return caps;
}

/** The checks doc 1 §5 makes once the whole file and every field are in. */
function checkFile(endpoint: EndpointFileConfig, bytes: number): void {
  if (endpoint.disabled) throw new AppError('files_disabled');
  if (bytes === 0) throw new AppError('files_empty');
  if (bytes >= endpoint.fileSizeLimit) throw fileTooLarge(endpoint.fileSizeLimit);
}

/**
 * The upload's image normalised (normalize-image.ts). HEIC/HEIF is decoded to pixels in the
 * extraction pool first; when that fails, sharp gets the bytes: a HEIF coded in AV1 (AVIF under a
 * `mif1` brand) is beyond the HEVC decoder but sharp reads it, and anything else it refuses at once
 * (no HEVC decoder; a declared size over its own pixel cap).
 */
async function normalizeUploadedImage(deps: UploadDeps, key: string, type: string): Promise<NormalizedImage> {
  const stored = { type, open: () => deps.fileStorage.read(key) };
  if (!isHeic(type)) return normalizeImage(stored);
  const bytes = await readAll(deps.fileStorage.read(key), HEIC_MAX_INPUT_BYTES);
  const pixels = await deps.extractor.decodeHeic(bytes, HEIC_MAX_INPUT_PIXELS).catch(() => null);
  return normalizeImage(pixels ? { pixels } : stored);
}

/**
 * POST /api/files and /api/files/images: stream the file to storage under checks, type it from its
 * bytes, normalise images, hand documents to the processor, and save the row (with what processing
 * wrote) in one transaction that re-checks the quota. Stored bytes of a refused upload are removed.
 */
export async function uploadFile(
  deps: UploadDeps,
  input: UploadInput,
): Promise<{ row: FilesTable; tempFileId?: string; outcome: ProcessOutcome | null; agentId?: string }> {
  const { fileStorage: storage, fileConfig } = deps;
  const { userId } = input;
  const files = filesRepo(deps.db);
  const quota = fileConfig.quotaBytes;
  const quotaLeft = quota === null ? null : quota - (await files.usedBytes(userId));
  if (quotaLeft !== null && quotaLeft <= 0) throw new AppError('files_quota');

  const fileId = randomUUID();
  const rawKey = storageKey(userId, fileId);
  const { fields: rawFields, file } = await receiveParts(input.parts, storage, rawKey, (f) =>
    capsFor(deps, quotaLeft, f),
  );
  if (!file) throw new AppError('files_no_file');
  const keys = [rawKey];
  try {
    const fields = parseFields(rawFields);
    const endpoint = endpointFileConfig({ ...fileConfig, usedBytes: 0 }, fields.endpoint);
    checkFile(endpoint, file.bytes);
    const filename = sanitizeFilename(decodeName(file.filename));
    const detected = await detectType(
      () => storage.read(rawKey, { start: 0, end: DETECT_BYTES - 1 }),
      file.head,
      filename,
    );
    if (!detected) throw new AppError('files_type_unknown', `Unable to determine file type for: ${filename}`);
    if (!isSupportedType(endpoint, detected))
      throw new AppError('files_unsupported_type', `Currently, unsupported file type: ${detected}`);

    const asImage =
      input.imageRoute ||
      fields.tool_resource === 'image' ||
      (!fields.tool_resource && isNormalizableImage(detected));
    // Agents use a document only through a tool (file search, code, context): one must be chosen (doc 1 §5).
    if (fields.endpoint === EModelEndpoint.agents && !asImage && !fields.tool_resource)
      throw new AppError('files_unsupported_capability');
    let stored = {
      key: rawKey,
      type: detected,
      bytes: file.bytes,
      width: null as number | null,
      height: null as number | null,
    };
    let toolResource: ToolResource | null = fields.tool_resource ?? null;
    let outcome: ProcessOutcome | null = null;
    if (asImage) {
      if (!isNormalizableImage(detected))
        throw new AppError('files_unsupported_type', `Currently, unsupported file type: ${detected}`);
      // An image that cannot be decoded (truncated, corrupt, a bomb over the pixel cap) is refused.
      const image = await normalizeUploadedImage(deps, rawKey, detected).catch(() => {
        throw new AppError('files_process');
      });
      const key = storageKey(userId, fileId, 'image');
      keys.push(key);
      await storage.write(key, Readable.from(image.data));
      stored = { key, type: image.type, bytes: image.data.length, width: image.width, height: image.height };
      toolResource = 'image';
    } else if (deps.fileProcessor) {
      outcome = await deps.fileProcessor.process({
        userId,
        fileId,
        filename,
        type: detected,
        bytes: file.bytes,
        toolResource,
        read: () => storage.read(rawKey),
        signal: input.signal,
      });
      toolResource = outcome.toolResource;
    }

    const conversationId =
      fields.conversationId && fields.conversationId !== 'new' ? fields.conversationId : null;
    const row = newFileRow({
      fileId,
      userId,
      filename,
      storageKey: stored.key,
      type: stored.type,
      bytes: stored.bytes,
      width: stored.width,
      height: stored.height,
      source: 'local',
      toolResource,
      status: outcome?.status,
      error: outcome?.error,
      embedded: outcome?.embedded,
      tokens: outcome?.tokens,
      conversationId,
    });
    await deps.db.transaction().execute(async (trx) => {
      // Two uploads at once both passed the first check: the second to commit is refused here.
      if (quota !== null && (await filesRepo(trx).usedBytes(userId)) + row.bytes > quota)
        throw new AppError('files_quota');
      await filesRepo(trx).insert(row);
      await outcome?.save?.(trx);
    });
    if (stored.key !== rawKey) await storage.delete(rawKey);
    return { row, tempFileId: fields.file_id, outcome, agentId: fields.agent_id };
  } catch (err) {
    await Promise.all(keys.map((k) => storage.delete(k)));
    throw err;
  }
}
