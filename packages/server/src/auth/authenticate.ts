import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { TokenService } from './tokens.ts';

export interface AuthUser {
  id: string;
  role: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
  }
}

/** onRequest hook for the authenticated scope: a valid Bearer access token or 401. */
export function authenticate(tokens: TokenService) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new AppError('unauthorized');
    const claims = await tokens.verifyAccess(header.slice(7).trim());
    if (!claims) throw new AppError('invalid_token');
    req.user = { id: claims.sub, role: claims.role };
  };
}
