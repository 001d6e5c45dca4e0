import { type FileObject, FileSource, FileStatus, paths, ToolResource } from '@parley/schema';
import type { FilesTable } from '../db/schema.ts';

/** A file row as the API returns it; `filepath` is the owner's download route, never a disk path. */
export function presentFile(f: FilesTable): FileObject {
  return {
    file_id: f.file_id,
    filename: f.filename,
    filepath: paths.fileDownload(f.user_id, f.file_id),
    type: f.type,
    bytes: Number(f.bytes),
    ...(f.width ? { width: f.width } : {}),
    ...(f.height ? { height: f.height } : {}),
    source: FileSource.catch('local').parse(f.source),
    tool_resource: f.tool_resource ? ToolResource.catch('context').parse(f.tool_resource) : null,
    embedded: Boolean(f.embedded),
    status: FileStatus.catch('ready').parse(f.status),
    error: f.error,
    tokens: f.tokens,
    conversationId: f.conversation_id,
    messageId: f.message_id,
    createdAt: Number(f.created_at),
    updatedAt: Number(f.updated_at),
    expiresAt: f.expires_at === null ? null : Number(f.expires_at),
  };
}
