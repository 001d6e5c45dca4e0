import { randomUUID } from 'node:crypto';
import { SystemRoles } from '@parley/schema';
import type { Db } from '../index.ts';
import type { UserRow } from '../schema.ts';

export interface IdentityKey {
  provider: string;
  /** The OpenID issuer; '' for LDAP and social providers. */
  issuer: string;
  subject: string;
}

export interface NewExternalUser {
  email: string;
  emailVerified: boolean;
  name: string;
  username: string | null;
  avatar: string | null;
}

/** External sign-ins (LDAP, OpenID, social) and the users they belong to. */
export function identitiesRepo(db: Db) {
  return {
    async findUser(key: IdentityKey): Promise<UserRow | undefined> {
      return db
        .selectFrom('user_identities')
        .innerJoin('users', 'users.id', 'user_identities.user_id')
        .selectAll('users')
        .where('user_identities.provider', '=', key.provider)
        .where('user_identities.issuer', '=', key.issuer)
        .where('user_identities.subject', '=', key.subject)
        .executeTakeFirst();
    },

    async link(userId: string, key: IdentityKey): Promise<void> {
      await db
        .insertInto('user_identities')
        .values({ ...key, user_id: userId, created_at: Date.now() })
        .onConflict((oc) => oc.columns(['provider', 'issuer', 'subject']).doNothing())
        .execute();
    },

    async forUser(userId: string): Promise<IdentityKey[]> {
      return db
        .selectFrom('user_identities')
        .select(['provider', 'issuer', 'subject'])
        .where('user_id', '=', userId)
        .execute();
    },

    /**
     * A user created by an external sign-in, with no password, linked in the same transaction.
     * A username already in use is dropped rather than failing the sign-in. The very first user
     * becomes ADMIN, as with local registration.
     */
    async createUser(input: NewExternalUser, key: IdentityKey): Promise<UserRow> {
      return db.transaction().execute(async (trx) => {
        const any = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
        const taken = input.username
          ? await trx
              .selectFrom('users')
              .select('id')
              .where('username', '=', input.username)
              .executeTakeFirst()
          : undefined;
        const now = Date.now();
        const row: UserRow = {
          id: randomUUID(),
          email: input.email.toLowerCase(),
          username: taken ? null : input.username,
          name: input.name,
          password_hash: null,
          avatar: input.avatar,
          role: any ? SystemRoles.USER : SystemRoles.ADMIN,
          provider: key.provider,
          email_verified: input.emailVerified ? 1 : 0,
          created_at: now,
          updated_at: now,
          two_factor_enabled: 0,
          banned_until: null,
          terms_accepted_at: null,
        };
        await trx.insertInto('users').values(row).execute();
        await trx
          .insertInto('user_identities')
          .values({ ...key, user_id: row.id, created_at: now })
          .execute();
        return row;
      });
    },
  };
}
export type IdentitiesRepo = ReturnType<typeof identitiesRepo>;
