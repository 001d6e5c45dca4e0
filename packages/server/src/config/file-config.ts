import {
  AVATAR_DEFAULT_SIZE_LIMIT,
  DEFAULT_CLIENT_IMAGE_RESIZE,
  DEFAULT_FILE_LIMIT,
  DEFAULT_FILE_SIZE_LIMIT_MB,
  DEFAULT_FILE_TOKEN_LIMIT,
  DEFAULT_SERVER_FILE_SIZE_LIMIT_MB,
  DEFAULT_SUPPORTED_MIME_TYPES,
  DEFAULT_TOTAL_SIZE_LIMIT_MB,
  type EndpointFileConfig,
  type FileConfig,
} from '@parley/schema';
import type { FileConfigYaml } from './yaml.ts';

const MB = 1024 * 1024;
const bytes = (mb: number) => Math.round(mb * MB);

/** The file rules of the server: GET /api/files/config without the user's usage. */
export type ServerFileConfig = Omit<FileConfig, 'usedBytes'>;

const BUILT_IN_DEFAULT: EndpointFileConfig = {
  disabled: false,
  fileLimit: DEFAULT_FILE_LIMIT,
  fileSizeLimit: bytes(DEFAULT_FILE_SIZE_LIMIT_MB),
  totalSizeLimit: bytes(DEFAULT_TOTAL_SIZE_LIMIT_MB),
  supportedMimeTypes: [...DEFAULT_SUPPORTED_MIME_TYPES],
};

type EndpointYaml = NonNullable<FileConfigYaml['endpoints']>[string];

/** An endpoint's yaml entry over `base`, key by key, MB turned to bytes. */
function mergeEndpoint(base: EndpointFileConfig, y: EndpointYaml | undefined): EndpointFileConfig {
  if (!y) return base;
  return {
    disabled: y.disabled ?? base.disabled,
    fileLimit: y.fileLimit ?? base.fileLimit,
    fileSizeLimit: y.fileSizeLimit === undefined ? base.fileSizeLimit : bytes(y.fileSizeLimit),
    totalSizeLimit: y.totalSizeLimit === undefined ? base.totalSizeLimit : bytes(y.totalSizeLimit),
    supportedMimeTypes: y.supportedMimeTypes ?? base.supportedMimeTypes,
  };
}

/**
 * librechat.yaml `fileConfig` as the API serves it (bytes): built-in defaults, then the file's
 * `default` endpoint, then each named endpoint's own keys (a key it leaves out comes from
 * `default`, as in LibreChat).
 */
export function resolveFileConfig(
  y: FileConfigYaml | undefined,
  quotaBytes: number | null,
  /** The embeddings file search uses (files/rag/embed.ts embeddingsTarget); null: full text only. */
  embeddings: { model: string } | null = null,
): ServerFileConfig {
  const fallback = mergeEndpoint(BUILT_IN_DEFAULT, y?.endpoints?.default);
  const endpoints: Record<string, EndpointFileConfig> = { default: fallback };
  for (const [name, entry] of Object.entries(y?.endpoints ?? {})) {
    if (name !== 'default') endpoints[name] = mergeEndpoint(fallback, entry);
  }
  return {
    endpoints,
    serverFileSizeLimit: bytes(y?.serverFileSizeLimit ?? DEFAULT_SERVER_FILE_SIZE_LIMIT_MB),
    avatarSizeLimit: y?.avatarSizeLimit ? bytes(y.avatarSizeLimit) : AVATAR_DEFAULT_SIZE_LIMIT,
    clientImageResize: { ...DEFAULT_CLIENT_IMAGE_RESIZE, ...y?.clientImageResize },
    fileTokenLimit: y?.fileTokenLimit ?? DEFAULT_FILE_TOKEN_LIMIT,
    quotaBytes,
    fileSearch: embeddings ? { mode: 'hybrid', embeddingModel: embeddings.model } : { mode: 'full_text' },
  };
}

/** Whether `type` matches one of the endpoint's supportedMimeTypes patterns. */
export function isSupportedType(config: EndpointFileConfig, type: string): boolean {
  return config.supportedMimeTypes.some((source) => new RegExp(source).test(type));
}
