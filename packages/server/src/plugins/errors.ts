import { type ChatError, ERRORS, type ErrorBody } from '@parley/schema';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

function errorBody(code: string, message: string, field?: string, details?: ChatError): ErrorBody {
  return { error: { code, message, ...(field ? { field } : {}), ...(details ? { details } : {}) } };
}

/** The JSON 404 every unknown address gets (the SPA fallback answers client routes first). */
export function sendNotFound(reply: FastifyReply) {
  return reply.status(404).send(errorBody('not_found', ERRORS.not_found.message));
}

/**
 * Every error leaves as `{ error: { code, message, field?, details? } }` (DESIGN §5): validation failures
 * name their field, AppError carries its catalogue code, anything unexpected is logged and hidden.
 */
export function errorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || undefined;
      return reply
        .status(400)
        .send(errorBody('validation', first?.message ?? ERRORS.validation.message, field));
    }
    if (err instanceof AppError)
      return reply.status(err.status).send(errorBody(err.code, err.message, err.field, err.details));
    if (err.statusCode === 429)
      return reply.status(429).send(errorBody('rate_limited', ERRORS.rate_limited.message));
    if (err.statusCode && err.statusCode < 500) {
      return reply.status(err.statusCode).send(errorBody('validation', err.message));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('internal', ERRORS.internal.message));
  });
}
