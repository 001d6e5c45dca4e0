import { ImportJob, ImportJobParams, ImportStarted } from '@parley/schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { detectImport } from '../../import/formats/detect.ts';
import type { ImportSlot } from '../../import/import-job.ts';
import { importMaxFileSize } from '../../import/limits.ts';
import { megabytes, multipartFile, rawUpload } from '../../net/multipart.ts';
import type { Services } from '../../services.ts';

function readJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new AppError('import_invalid');
  }
}

/**
 * POST /api/convos/import (doc 3 §7): a .json export as multipart field `file` (LibreChat's
 * contract) or as a raw JSON body. The file is parsed and its format recognised before the reply,
 * so a bad file fails at once; the conversations are saved by a background job whose progress
 * GET /api/convos/import/:jobId reports.
 */
export const importRoutes: FastifyPluginAsyncZod<{ ctx: Services }> = async (app, { ctx }) => {
  const maxBytes = importMaxFileSize(ctx.config.env);
  const jobs = ctx.importJobs;
  const tooLarge = () =>
    new AppError(
      'import_too_large',
      `The file is too large to import (the limit is ${megabytes(maxBytes)}).`,
    );
  const upload = rawUpload(app, {
    types: ['application/json', 'multipart/form-data'],
    limit: maxBytes,
    tooLarge,
  });

  // A slot is taken before the body is read; it passes to the job, or goes back when the request ends.
  const held = new WeakMap<FastifyRequest, ImportSlot>();
  const giveBack = async (req: FastifyRequest) => {
    held.get(req)?.release();
    held.delete(req);
  };

  app.post(
    '/',
    {
      onRequest: async (req) => {
        // LibreChat's import limits (IMPORT_IP_*, IMPORT_USER_*) before a slot is taken.
        await ctx.abuse.enforce('import', req);
        held.set(req, jobs.reserve(req.user.id));
      },
      // A request that did not start a job (refused, failed, aborted) gives its slot back at once.
      onResponse: giveBack,
      onRequestAbort: giveBack,
      ...upload,
      schema: { response: { 201: ImportStarted } },
    },
    async (req, reply) => {
      const contentType = req.headers['content-type'] ?? '';
      if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw new AppError('import_no_file');
      let raw: Buffer = req.body;
      if (contentType.toLowerCase().startsWith('multipart/form-data')) {
        const file = multipartFile(req.body, contentType);
        if (!file || file.data.length === 0) throw new AppError('import_no_file');
        // A .json file only (doc 3 §5).
        if (file.filename && !/\.json$/i.test(file.filename)) throw new AppError('import_unsupported');
        raw = file.data;
      }
      if (raw.length > maxBytes) throw tooLarge();
      const source = detectImport(readJson(raw));
      const userId = req.user.id;
      // The slot passes to the job, which gives it back when the last batch is saved.
      const slot = held.get(req)!;
      held.delete(req);
      const job = jobs.start(userId, source, slot);
      return reply.status(201).send({ message: 'Import started.', ...job });
    },
  );

  app.get('/:jobId', { schema: { params: ImportJobParams, response: { 200: ImportJob } } }, async (req) => {
    const job = jobs.get(req.user.id, req.params.jobId);
    if (!job) throw new AppError('import_job_not_found');
    return job;
  });
};
