import { ImportJob, ImportJobParams, ImportStarted } from '@parley/schema';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { detectImport } from '../import/formats/detect.ts';
import { importJobs } from '../import/import-job.ts';
import { importMaxFileSize } from '../import/limits.ts';
import { multipartFile } from '../net/multipart.ts';

/** Room for the multipart envelope around a file of the largest allowed size. */
const MULTIPART_OVERHEAD = 64 * 1024;
/**
 * Imports in progress at once, from upload to the last batch: each holds its parsed file in
 * memory, so parallel uploads of large exports must not add up to an out-of-memory crash.
 */
const MAX_IMPORTS_PER_USER = 1;
const MAX_IMPORTS_TOTAL = 2;

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
export const importRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const maxBytes = importMaxFileSize(ctx.config.env);
  const jobs = importJobs(ctx.db.db, app.log);
  app.addHook('onClose', () => jobs.idle());

  // Encapsulated to this plugin: bodies arrive as raw bytes, up to the import limit.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'multipart/form-data'],
    { parseAs: 'buffer' },
    (_req, body, done) => done(null, body),
  );
  const tooLarge = () =>
    new AppError(
      'import_too_large',
      `The file is too large to import (the limit is ${Math.round((maxBytes / 1024 / 1024) * 100) / 100} MB).`,
    );
  app.setErrorHandler((err: FastifyError) => {
    throw err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLarge() : err;
  });

  // Slots are taken before the body is read and given back when the job (or the request) ends.
  const inFlight = new Map<string, number>();
  let total = 0;
  const release = (userId: string) => {
    total--;
    const n = (inFlight.get(userId) ?? 1) - 1;
    if (n > 0) inFlight.set(userId, n);
    else inFlight.delete(userId);
  };
  const held = new WeakSet<object>();

  app.post(
    '/',
    {
      onRequest: async (req) => {
        // LibreChat's import limits (IMPORT_IP_*, IMPORT_USER_*) before a slot is taken.
        await ctx.abuse.enforce('import', req);
        const userId = req.user.id;
        if ((inFlight.get(userId) ?? 0) >= MAX_IMPORTS_PER_USER || total >= MAX_IMPORTS_TOTAL)
          throw new AppError('import_busy');
        inFlight.set(userId, (inFlight.get(userId) ?? 0) + 1);
        total++;
        held.add(req);
      },
      // A request that did not start a job (refused, failed, aborted) gives its slot back at once.
      onResponse: async (req) => {
        if (held.delete(req)) release(req.user.id);
      },
      onRequestAbort: async (req) => {
        if (held.delete(req)) release(req.user.id);
      },
      bodyLimit: maxBytes + MULTIPART_OVERHEAD,
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
      held.delete(req);
      const job = jobs.start(userId, source, () => release(userId));
      return reply.status(201).send({ message: 'Import started.', ...job });
    },
  );

  app.get('/:jobId', { schema: { params: ImportJobParams, response: { 200: ImportJob } } }, async (req) => {
    const job = jobs.get(req.user.id, req.params.jobId);
    if (!job) throw new AppError('import_job_not_found');
    return job;
  });
};
