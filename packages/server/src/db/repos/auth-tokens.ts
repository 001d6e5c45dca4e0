import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../index.ts';
import type { AuthTokensTable } from '../schema.ts';

type TokenType = AuthTokensTable['type'];

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * One-time tokens (verify, reset, invite). The raw token exists only in the link sent to the user;
 * the table holds its SHA-256. Consuming deletes the row, so every token works once.
 */
export function authTokensRepo(db: Db) {
  return {
    /** A new token for a user; earlier tokens of the same type stop working. */
    async issue(type: TokenType, owner: { userId?: string; email?: string }, ttlMs: number) {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        let stale = trx.deleteFrom('auth_tokens').where('type', '=', type);
        stale = owner.userId
          ? stale.where('user_id', '=', owner.userId)
          : stale.where('email', '=', owner.email?.toLowerCase() ?? '');
        await stale.execute();
        await trx.deleteFrom('auth_tokens').where('expires_at', '<=', now).execute();
        await trx
          .insertInto('auth_tokens')
          .values({
            id: randomUUID(),
            type,
            user_id: owner.userId ?? null,
            email: owner.email?.toLowerCase() ?? null,
            token_hash: hashToken(token),
            expires_at: now + ttlMs,
            created_at: now,
          })
          .execute();
      });
      return token;
    },

    /**
     * Use a token: true when it exists for this owner and has not expired. The row is deleted in
     * the same statement (expired or not), so a second use always fails.
     */
    async consume(type: TokenType, token: string, owner: { userId?: string; email?: string }) {
      let query = db
        .deleteFrom('auth_tokens')
        .where('type', '=', type)
        .where('token_hash', '=', hashToken(token));
      query = owner.userId
        ? query.where('user_id', '=', owner.userId)
        : query.where('email', '=', owner.email?.toLowerCase() ?? '');
      const row = await query.returning(['expires_at']).executeTakeFirst();
      return Boolean(row && Number(row.expires_at) > Date.now());
    },

    async removeForUser(userId: string, type: TokenType) {
      await db.deleteFrom('auth_tokens').where('user_id', '=', userId).where('type', '=', type).execute();
    },
  };
}
export type AuthTokensRepo = ReturnType<typeof authTokensRepo>;
