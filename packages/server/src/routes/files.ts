import multipart from '@fastify/multipart';
import {
  AgentFileParams,
  FileConfig,
  FileDeleteRequest,
  FileDeleteResult,
  FileDownloadParams,
  FileIdParams,
  FileListQuery,
  FileListResponse,
  FileObject,
  FileUploadResult,
} from '@parley/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentFiles, agentResourceOf, attachAgentFile, detachAgentFiles } from '../agents/agent-files.ts';
import { loadActor } from '../auth/policies/policy.ts';
import { AppError } from '../errors.ts';
import { byteRange } from '../files/byte-range.ts';
import { deleteFiles } from '../files/delete-files.ts';
import { downloadHeaders } from '../files/download-headers.ts';
import { uploadFile } from '../files/upload.ts';
import { lingerAfterAnswer } from '../net/linger.ts';
import { presentFile } from '../presenters/file.ts';
import type { Services } from '../services.ts';

/** The multipart envelope's small parts: LibreChat's upload fields, each short. */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 4096;

/**
 * /api/files (issue 14; LibreChat's routes and field names): upload, list, get, delete, config,
 * and the owner's download. Every read and write is scoped to the signed-in user: another user's
 * file id answers exactly as an unknown one (404).
 */
/** Bytes per piece as an upload streams through the multipart parser to storage. */
const UPLOAD_STREAM_CHUNK_BYTES = 1024 * 1024;

export const fileRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const { repos, fileStorage: storage, fileConfig } = ctx;
  const agentDeps = {
    db: ctx.db,
    catalog: ctx.catalog,
    agentsConfig: ctx.agentsConfig,
    agents: repos.agents,
  };

  await app.register(multipart, {
    // A backstop only: upload.ts stops the stream at the first byte over its caps.
    limits: {
      fileSize: fileConfig.serverFileSizeLimit + 1,
      files: 1,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: MAX_FIELDS + 1,
    },
    throwFileSizeLimit: false,
    // The parser and the file stream move the body in pieces of this size rather than 16–64 KB:
    // per-piece overhead, not the disk, bounded large uploads (bench:files).
    highWaterMark: UPLOAD_STREAM_CHUNK_BYTES,
  });

  const upload = (imageRoute: boolean) => async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.isMultipart()) throw new AppError('files_no_file');
    const aborted = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) aborted.abort();
    });
    const { row, tempFileId, outcome, agentId } = await uploadFile(ctx, {
      userId: req.user.id,
      parts: req.parts(),
      imageRoute,
      signal: aborted.signal,
    }).catch((err) => {
      // Refused mid-stream: the answer goes out now; the rest of the body is dropped for a bounded
      // while so the client reads the answer rather than a connection reset.
      lingerAfterAnswer(req.raw, reply.raw);
      throw err;
    });
    // The file is kept (the files panel shows why it failed); the upload answers the process error.
    // The spec's process error (the parser's words are kept on the file's row, not sent); the file is kept.
    if (outcome?.status === 'failed') throw new AppError('files_process');
    // For an agent (doc 3 §7): onto its tool resource, or the upload is undone when that is refused.
    if (agentId) {
      try {
        const resource = agentResourceOf(row.tool_resource);
        await attachAgentFile(agentDeps, await loadActor(repos.roles, req.user), agentId, row, resource);
      } catch (err) {
        await deleteFiles(ctx, req.user.id, [row.file_id], (e) =>
          req.log.warn({ err: e }, 'file bytes left'),
        );
        throw err;
      }
    }
    return {
      ...presentFile(row),
      ...(tempFileId ? { temp_file_id: tempFileId } : {}),
      message: 'File uploaded and processed successfully',
    };
  };
  const uploadOptions = {
    onRequest: ctx.abuse.limit('fileUpload'),
    schema: { response: { 200: FileUploadResult } },
  };
  app.post('/', uploadOptions, upload(false));
  app.post('/images', uploadOptions, upload(true));

  app.get(
    '/',
    { schema: { querystring: FileListQuery, response: { 200: FileListResponse } } },
    async (req) => {
      const page = await repos.files.list(req.user.id, req.query);
      return { files: page.rows.map(presentFile), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/agent/:agent_id',
    { schema: { params: AgentFileParams, response: { 200: z.array(FileObject) } } },
    async (req) => {
      const actor = await loadActor(repos.roles, req.user);
      return (await agentFiles(agentDeps, actor, req.params.agent_id)).map(presentFile);
    },
  );

  app.get('/config', { schema: { response: { 200: FileConfig } } }, async (req) => ({
    ...fileConfig,
    usedBytes: await repos.files.usedBytes(req.user.id),
  }));

  app.get('/:fileId', { schema: { params: FileIdParams, response: { 200: FileObject } } }, async (req) => {
    const file = await repos.files.get(req.user.id, req.params.fileId);
    if (!file) throw new AppError('file_not_found');
    return presentFile(file);
  });

  app.delete(
    '/',
    { schema: { body: FileDeleteRequest, response: { 200: FileDeleteResult } } },
    async (req) => {
      const ids = req.body.files.map((f) => f.file_id);
      if (req.body.agent_id) {
        // Off the agent only: the files stay their uploaders' (doc 3 §7).
        const actor = await loadActor(repos.roles, req.user);
        const resource = req.body.tool_resource ? agentResourceOf(req.body.tool_resource) : null;
        const removed = await detachAgentFiles(agentDeps, actor, req.body.agent_id, ids, resource);
        if (removed.length === 0) throw new AppError('file_not_found');
        return { message: 'File associations removed successfully from agent', deleted: removed };
      }
      const deleted = await deleteFiles(ctx, req.user.id, ids, (err) =>
        req.log.warn({ err }, 'file bytes left after delete'),
      );
      if (deleted.length === 0) throw new AppError('file_not_found');
      return { message: 'Files deleted successfully', deleted };
    },
  );

  app.get('/download/:userId/:fileId', { schema: { params: FileDownloadParams } }, async (req, reply) => {
    // The owner only, even with the right user id in the address: an admin reads no one's files here.
    if (req.params.userId !== req.user.id) throw new AppError('file_not_found');
    const row = await repos.files.get(req.user.id, req.params.fileId);
    if (!row) throw new AppError('file_not_found');
    if (row.expires_at !== null && row.expires_at <= Date.now()) throw new AppError('file_download_expired');
    const size = await storage.size(row.storage_key);
    if (size === null) throw new AppError('file_not_found');
    const range = byteRange(req.headers.range, size);
    if (!range)
      return reply.headers(downloadHeaders(presentFile(row), size)).send(storage.read(row.storage_key));
    // A resumed download or a media player's seek: that part only.
    return reply
      .code(206)
      .headers(downloadHeaders(presentFile(row), range.end - range.start + 1))
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .send(storage.read(row.storage_key, range));
  });
};
