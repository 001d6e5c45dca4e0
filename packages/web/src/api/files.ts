import {
  type FileConfig,
  type FileDeleteRequest,
  type FileDeleteResult,
  type FileListQuery,
  type FileListResponse,
  type FileObject,
  type FileUploadResult,
  paths,
  type ToolResource,
} from '@parley/schema';
import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, authedFetch, toApiError } from './client.ts';
import { useAuthedInfiniteQuery, useAuthedQuery } from './query-client.ts';

/** Files (issue 14): the one place that knows the /api/files paths (DESIGN §5 web). */
export const fileKeys = {
  all: ['files'] as const,
  list: (q: Partial<FileListQuery>) => ['files', 'list', q] as const,
  detail: (id: string) => ['files', 'detail', id] as const,
  config: ['files', 'config'] as const,
  blob: (path: string) => ['files', 'blob', path] as const,
};

/** GET /api/files/config: the per-endpoint rules in bytes; rarely changes. */
export const fileConfigQuery = {
  queryKey: fileKeys.config,
  queryFn: ({ signal }: { signal?: AbortSignal }) => apiRequest<FileConfig>(paths.fileConfig, { signal }),
  staleTime: 5 * 60_000,
};

export function useFileConfig(enabled = true) {
  return useAuthedQuery({ ...fileConfigQuery, enabled });
}

/** One page of GET /api/files (keyset pages; the panel shows them 10 at a time). */
export function fetchFilesPage(q: Partial<FileListQuery>, signal?: AbortSignal) {
  return apiRequest<FileListResponse>(paths.files, { query: q, signal });
}

/** The user's files, page by page (keyset `cursor`). */
export function useFilesInfinite(q: Omit<Partial<FileListQuery>, 'cursor'>, enabled = true) {
  return useAuthedInfiniteQuery({
    queryKey: fileKeys.list(q),
    queryFn: ({ pageParam, signal }) =>
      fetchFilesPage({ ...q, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    staleTime: 15_000,
  });
}

/** One page of the user's files (the panel and the manager page through them by cursor). */
export function useFilesPage(q: Partial<FileListQuery>, enabled = true) {
  return useAuthedQuery({
    queryKey: fileKeys.list(q),
    queryFn: ({ signal }) => fetchFilesPage(q, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** Delete files now (the panel and manager ask first; the composer's x goes through the 1 s batch). */
export function useDeleteFiles() {
  const deleted = useFilesDeleted();
  return useMutation({
    mutationFn: (files: FileDeleteRequest['files']) => deleteFiles({ files }),
    onSettled: (_r, _e, files) => deleted(files.map((f) => f.file_id)),
  });
}

/** GET /api/files/:id (drafts restore their chips from the ids they kept). */
export function getFile(fileId: string, signal?: AbortSignal) {
  return apiRequest<FileObject>(paths.file(fileId), { signal });
}

export type UploadInput = {
  file: Blob;
  filename: string;
  /** The client's temporary id, echoed back as temp_file_id. */
  tempId: string;
  endpoint?: string;
  endpointType?: string;
  conversationId?: string | null;
  width?: number;
  height?: number;
  toolResource?: ToolResource;
  signal?: AbortSignal;
};

/**
 * POST /api/files (or /images for images): fields first, then the file part, so a streaming
 * server knows the rules before the bytes arrive (LibreChat's field names).
 */
export async function uploadFile(input: UploadInput): Promise<FileUploadResult> {
  const form = new FormData();
  form.append('file_id', input.tempId);
  if (input.endpoint) form.append('endpoint', input.endpoint);
  if (input.endpointType) form.append('endpointType', input.endpointType);
  if (input.conversationId) form.append('conversationId', input.conversationId);
  if (input.width) form.append('width', String(input.width));
  if (input.height) form.append('height', String(input.height));
  if (input.toolResource) form.append('tool_resource', input.toolResource);
  form.append('message_file', 'true');
  form.append('file', input.file, input.filename);
  const path = input.toolResource === 'image' ? paths.fileImages : paths.files;
  return apiRequest<FileUploadResult>(path, { method: 'POST', body: form, signal: input.signal });
}

/** DELETE /api/files with LibreChat's body. */
export function deleteFiles(body: FileDeleteRequest) {
  return apiRequest<FileDeleteResult>(paths.files, { method: 'DELETE', body });
}

/** After files were deleted (composer batch, panel, manager): lists refetch, detail entries go. */
export function useFilesDeleted() {
  const client = useQueryClient();
  return (ids: readonly string[]) => {
    for (const id of ids) client.removeQueries({ queryKey: fileKeys.detail(id) });
    void client.invalidateQueries({ queryKey: ['files', 'list'] });
    void client.invalidateQueries({ queryKey: fileKeys.config });
  };
}

/** Only our own download route gets the bearer token: a message's filepath is data, not a place to send it. */
export function isDownloadPath(path: string | undefined): path is string {
  return !!path && path.startsWith('/api/files/download/') && !path.includes('..');
}

export type DownloadedFile = { blob: Blob; metadata: Record<string, unknown> | null };

/** GET /api/files/download/…: the bytes plus the `x-file-metadata` header (doc 2 §4.15). */
export async function downloadFile(path: string, signal?: AbortSignal): Promise<DownloadedFile> {
  if (!isDownloadPath(path)) throw new ApiError(400, 'file_not_found', 'File not found.');
  const res = await authedFetch(path, { signal, headers: { Accept: 'application/octet-stream' } });
  if (!res.ok) throw await toApiError(res);
  let metadata: Record<string, unknown> | null = null;
  const header = res.headers.get('x-file-metadata');
  if (header) {
    try {
      metadata = JSON.parse(header) as Record<string, unknown>;
    } catch {
      // A malformed header does not spoil the download.
    }
  }
  return { blob: await res.blob(), metadata };
}

/** Save bytes under a name: a temporary object URL clicked once, then revoked. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Object URLs are revoked when the cache drops their entry; one listener per query client. */
const revoking = new WeakSet<QueryClient>();
function revokeOnRemoval(client: QueryClient): void {
  if (revoking.has(client)) return;
  revoking.add(client);
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'removed') return;
    const [root, kind] = event.query.queryKey;
    const url = event.query.state.data;
    if (root === 'files' && kind === 'blob' && typeof url === 'string') URL.revokeObjectURL(url);
  });
}

/**
 * An image behind the bearer token as an object URL (an `<img>` cannot send the header). Cached
 * by TanStack Query, so the thumbnail and its lightbox share one fetch; the URL is revoked when
 * the cache drops the entry (gcTime after the last user unmounts).
 */
export function useAuthedBlobUrl(path: string | undefined) {
  const client = useQueryClient();
  revokeOnRemoval(client);
  return useAuthedQuery({
    queryKey: fileKeys.blob(path ?? ''),
    queryFn: async ({ signal }) => URL.createObjectURL((await downloadFile(path ?? '', signal)).blob),
    enabled: isDownloadPath(path),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
}
