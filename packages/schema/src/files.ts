import { z } from 'zod';
import { FILES_PAGE_MAX, FILES_PAGE_SIZE } from './file-rules.ts';

/**
 * Files (issue 14; doc 1 §3 File, §4 Upload, §5 upload rules, §9; doc 2 §3.8, §4.15; doc 3 Files
 * panel, composer, upload type choice). The API keeps LibreChat's route and field names where a
 * LibreChat client would notice (snake_case file fields, multipart field names, `DELETE
 * /api/files` with a body); the list is paged (a heavy user has thousands of files).
 */

// ── Constants (doc 1 §4, §9; doc 3 §9) ──────────────────────────────────────────────────────────

// Upload timings, panel sizes and the rule texts are in file-rules.ts (no zod: the composer loads them).

/** LibreChat's fileConfig defaults (data-provider file-config.ts), in MB as in librechat.yaml. */
export const DEFAULT_FILE_LIMIT = 10;
export const DEFAULT_FILE_SIZE_LIMIT_MB = 512;
export const DEFAULT_TOTAL_SIZE_LIMIT_MB = 512;
export const DEFAULT_SERVER_FILE_SIZE_LIMIT_MB = 512;
/** Tokens of extracted text up to which a document goes into the prompt whole ('upload as text'). */
export const DEFAULT_FILE_TOKEN_LIMIT = 100_000;
/** Per-user storage quota when FILE_STORAGE_QUOTA_MB is not set (0 there means no quota). */
export const DEFAULT_FILE_STORAGE_QUOTA_MB = 5120;

/**
 * The types an endpoint accepts unless librechat.yaml says otherwise (regular expression sources,
 * as `supportedMimeTypes` takes them): LibreChat's default families (images, text and code, PDF,
 * JSON, CSV, office documents, archives of text such as EPUB) plus OpenDocument and SVG (stored,
 * served only as a download).
 */
export const DEFAULT_SUPPORTED_MIME_TYPES: readonly string[] = [
  '^image/(jpeg|gif|png|webp|heic|heif|svg\\+xml)$',
  '^text/(plain|markdown|csv|tab-separated-values|html|css|xml|javascript|vtt|x-c|x-c\\+\\+|x-h|x-csharp|x-java|x-php|x-python|x-script\\.python|x-ruby|x-tex|x-shellscript|x-typescript|x-go|x-rust|x-kotlin|x-swift|x-sql|x-yaml|x-toml)$',
  '^application/(json|pdf|csv|xml|yaml|x-yaml|typescript|sql|x-sh|epub\\+zip|rtf)$',
  '^application/(msword|vnd\\.ms-excel|vnd\\.ms-powerpoint)$',
  '^application/vnd\\.openxmlformats-officedocument\\.(wordprocessingml\\.document|spreadsheetml\\.sheet|presentationml\\.presentation)$',
  '^application/vnd\\.oasis\\.opendocument\\.(text|spreadsheet|presentation)$',
];

/** LibreChat's clientImageResize defaults (off unless configured). */
export const DEFAULT_CLIENT_IMAGE_RESIZE = {
  enabled: false,
  maxWidth: 1900,
  maxHeight: 1900,
  quality: 0.92,
} as const;

// ── Kinds ───────────────────────────────────────────────────────────────────────────────────────

/** Where a file's bytes came from or live (doc 1 §3 `source`). Ours are 'local' unless a tool made them. */
export const FileSource = z.enum([
  'local',
  'vectordb',
  'text',
  'execute_code',
  'openai',
  'azure',
  'azure_blob',
]);
export type FileSource = z.infer<typeof FileSource>;

/**
 * What an upload is for: the upload type choice (doc 3). `image` goes to vision models; `context`
 * is "upload as text" (its text goes into the prompt); `file_search` is chunked, embedded and
 * searched; `execute_code` is an input for code runs; `ocr` reads an image or scan as text.
 * Without a choice, an image is `image` and a document is `context` when its text is small enough
 * for the prompt (`fileTokenLimit`), otherwise `file_search`.
 */
export const ToolResource = z.enum(['image', 'context', 'file_search', 'execute_code', 'ocr']);
export type ToolResource = z.infer<typeof ToolResource>;

/** Processing after the bytes are stored: text extraction, chunking, embedding (doc 1 §3). */
export const FileStatus = z.enum(['pending', 'ready', 'failed']);
export type FileStatus = z.infer<typeof FileStatus>;

// ── The file ────────────────────────────────────────────────────────────────────────────────────

/** A stored file as the API returns it (LibreChat's TFile fields that a client reads). */
export const FileObject = z.object({
  file_id: z.string(),
  /** The id the client gave the upload (multipart `file_id`), echoed so it can match its chip. */
  temp_file_id: z.string().optional(),
  filename: z.string(),
  /** Where the bytes are fetched (with the bearer token): /api/files/download/{userId}/{fileId}. */
  filepath: z.string(),
  /** MIME type, decided from the bytes (magic numbers), not the name. */
  type: z.string(),
  bytes: z.number().int().nonnegative(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  source: FileSource,
  tool_resource: ToolResource.nullable(),
  /** Chunks are embedded and searchable (file search). */
  embedded: z.boolean(),
  status: FileStatus,
  /** Why processing failed (the file is kept); null otherwise. */
  error: z.string().nullable(),
  /** Extracted text length in tokens, when text was extracted. */
  tokens: z.number().int().nullable().optional(),
  conversationId: z.string().nullable().optional(),
  messageId: z.string().nullable().optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Generated files may expire: past this, 'download expired' replaces the link (doc 2 §4.15). */
  expiresAt: z.number().nullable().optional(),
});
export type FileObject = z.infer<typeof FileObject>;

/** POST /api/files and /api/files/images answer: the file plus LibreChat's `message`. */
export const FileUploadResult = FileObject.extend({ message: z.string() });
export type FileUploadResult = z.infer<typeof FileUploadResult>;

/**
 * POST /api/files, /api/files/images: multipart fields other than `file` (LibreChat's names).
 * Fields come before the file part in our client; the server accepts them in any order.
 */
export const FileUploadFields = z.object({
  /** The client's temporary id for the upload (echoed as temp_file_id). */
  file_id: z.string().max(64).optional(),
  endpoint: z.string().max(128).optional(),
  endpointType: z.string().max(64).optional(),
  conversationId: z.string().max(64).optional(),
  width: z.coerce.number().int().positive().optional(),
  height: z.coerce.number().int().positive().optional(),
  tool_resource: ToolResource.optional(),
  /** 'true' when the file is attached to a message (LibreChat's field; informative). */
  message_file: z.string().optional(),
  model: z.string().max(256).optional(),
  /** Attach the upload to this agent's `tool_resource` (doc 3 §7 file upload for agents). */
  agent_id: z.string().max(64).optional(),
});
export type FileUploadFields = z.infer<typeof FileUploadFields>;

/** GET /api/files: the user's files, newest first by default, keyset-paged. */
export const FileListQuery = z.object({
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(FILES_PAGE_MAX).default(FILES_PAGE_SIZE),
  /** Filename filter (substring, case-insensitive). */
  search: z.string().max(200).optional(),
  sortBy: z.enum(['createdAt', 'filename']).default('createdAt'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
});
export type FileListQuery = z.infer<typeof FileListQuery>;

export const FileListResponse = z.object({
  files: z.array(FileObject),
  nextCursor: z.string().nullable(),
});
export type FileListResponse = z.infer<typeof FileListResponse>;

/** DELETE /api/files body (LibreChat's shape: the client sends what it has of each file). */
export const FileDeleteRequest = z.object({
  files: z
    .array(
      z.object({
        file_id: z.string().max(64),
        filepath: z.string().optional(),
        embedded: z.boolean().optional(),
        source: z.string().optional(),
      }),
    )
    .min(1)
    .max(FILES_PAGE_MAX),
  /** With an agent: the files are taken off the agent (its `tool_resource`, or all), not deleted. */
  agent_id: z.string().max(64).optional(),
  tool_resource: z.string().max(32).optional(),
});
export type FileDeleteRequest = z.infer<typeof FileDeleteRequest>;

export const FileDeleteResult = z.object({ message: z.string(), deleted: z.array(z.string()) });
export type FileDeleteResult = z.infer<typeof FileDeleteResult>;

// ── File config (GET /api/files/config; librechat.yaml `fileConfig`, sizes in bytes here) ──────

export const EndpointFileConfig = z.object({
  disabled: z.boolean().optional(),
  fileLimit: z.number().int().nonnegative(),
  /** Bytes; a file at or above it is refused ('File size exceeds {n} MB.'). */
  fileSizeLimit: z.number().nonnegative(),
  /** Bytes, for all files of one message. */
  totalSizeLimit: z.number().nonnegative(),
  /** Regular expressions (sources) a MIME type must match one of. */
  supportedMimeTypes: z.array(z.string()),
});
export type EndpointFileConfig = z.infer<typeof EndpointFileConfig>;

export const ClientImageResize = z.object({
  enabled: z.boolean(),
  maxWidth: z.number().int().positive(),
  maxHeight: z.number().int().positive(),
  /** 0–1, the JPEG/WebP quality of the resized image. */
  quality: z.number().min(0).max(1),
});
export type ClientImageResize = z.infer<typeof ClientImageResize>;

/**
 * What file search can do on this server: `hybrid` ranks passages by embeddings and full text
 * together (embeddings configured, `embeddingModel` names the model); `full_text` ranks by words
 * alone (no embeddings configured). Files embedded with an older model count as full text until
 * the server's background job has embedded them again.
 */
export const FileSearchCapability = z.object({
  mode: z.enum(['hybrid', 'full_text']),
  embeddingModel: z.string().optional(),
});
export type FileSearchCapability = z.infer<typeof FileSearchCapability>;

export const FileConfig = z.object({
  /** Per endpoint name, plus `default` for endpoints not listed. */
  endpoints: z.record(z.string(), EndpointFileConfig),
  /** Bytes: no upload is accepted above it, whatever the endpoint. */
  serverFileSizeLimit: z.number().nonnegative(),
  avatarSizeLimit: z.number().nonnegative(),
  clientImageResize: ClientImageResize,
  /** A document whose text has at most this many tokens goes into the prompt whole. */
  fileTokenLimit: z.number().int().positive(),
  /** The user's storage quota in bytes (null: none) and what they use. */
  quotaBytes: z.number().nullable(),
  usedBytes: z.number(),
  fileSearch: FileSearchCapability,
});
export type FileConfig = z.infer<typeof FileConfig>;

// ── File search results (RAG), for citations ────────────────────────────────────────────────────

/** A passage retrieved for a reply; the reply cites it as [n] (1-based order of this list). */
export const FileCitation = z.object({
  file_id: z.string(),
  filename: z.string(),
  /** 1-based page of the passage, when the document has pages. */
  page: z.number().int().nullable(),
  /** The passage as retrieved (for the citation's preview and to find it in the file). */
  text: z.string(),
  /** Character offset of the passage in the file's extracted text. */
  offset: z.number().int().nonnegative(),
});
export type FileCitation = z.infer<typeof FileCitation>;

// ── Route parameters ────────────────────────────────────────────────────────────────────────────

export const FileIdParams = z.object({ fileId: z.string().min(1).max(64) });
export type FileIdParams = z.infer<typeof FileIdParams>;

export const FileDownloadParams = z.object({
  userId: z.string().min(1).max(64),
  fileId: z.string().min(1).max(64),
});
export type FileDownloadParams = z.infer<typeof FileDownloadParams>;
