/** The signed-in user of a request, as auth/identify.ts establishes it. */
export interface AuthUser {
  id: string;
  role: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by the authenticated scope's hook (auth/identify.ts), so every route inside it reads it
     * directly. Public routes have none: code that runs on both (limits/abuse.ts) reads it as optional.
     */
    user: AuthUser;
  }
}
