import { SystemRoles } from '@parley/schema';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/** A preHandler answering 403 unless the signed-in user is an ADMIN (role read fresh per request). */
export async function requireAdmin(req: FastifyRequest): Promise<void> {
  if (req.user.role !== SystemRoles.ADMIN) throw new AppError('forbidden');
}
