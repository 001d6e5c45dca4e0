import { randomUUID } from 'node:crypto';
import type { Db } from '../index.ts';
import type { TwoFactorTable } from '../schema.ts';

export interface BackupCodeRow {
  code_hash: string;
  used_at: number | null;
}

/**
 * Two-factor state of one user (migration 013). Every method takes the user id: no row is read or
 * changed for anyone else. Spending a code is one conditional UPDATE, so two requests racing with
 * the same code cannot both succeed.
 */
export function twoFactorRepo(db: Db) {
  const codeRows = (userId: string, hashes: string[], pending: number, now: number) =>
    hashes.map((code_hash) => ({
      id: randomUUID(),
      user_id: userId,
      code_hash,
      pending,
      used_at: null,
      created_at: now,
    }));

  return {
    async get(userId: string): Promise<TwoFactorTable | undefined> {
      return db.selectFrom('two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** A new setup: the pending secret and pending codes replace any earlier unconfirmed ones. */
    async startSetup(userId: string, sealedSecret: string, codeHashes: string[]): Promise<void> {
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('two_factor')
          .values({
            user_id: userId,
            secret: null,
            pending_secret: sealedSecret,
            last_used_step: null,
            updated_at: now,
          })
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet({ pending_secret: sealedSecret, updated_at: now }),
          )
          .execute();
        await trx.deleteFrom('backup_codes').where('user_id', '=', userId).where('pending', '=', 1).execute();
        await trx
          .insertInto('backup_codes')
          .values(codeRows(userId, codeHashes, 1, now))
          .execute();
      });
    },

    /**
     * Activate the pending setup that was checked (`sealedSecret`): it becomes the secret, its codes
     * the backup codes, and the user's flag goes on. False when another setup replaced it meanwhile.
     */
    async confirm(userId: string, sealedSecret: string, step: number): Promise<boolean> {
      const now = Date.now();
      return db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('two_factor')
          .set({ secret: sealedSecret, pending_secret: null, last_used_step: step, updated_at: now })
          .where('user_id', '=', userId)
          .where('pending_secret', '=', sealedSecret)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return false;
        await trx.deleteFrom('backup_codes').where('user_id', '=', userId).where('pending', '=', 0).execute();
        await trx.updateTable('backup_codes').set({ pending: 0 }).where('user_id', '=', userId).execute();
        await trx
          .updateTable('users')
          .set({ two_factor_enabled: 1, updated_at: now })
          .where('id', '=', userId)
          .execute();
        return true;
      });
    },

    /** Accept a code of `step` only if it is newer than the last accepted one (no replay). */
    async recordStep(userId: string, step: number): Promise<boolean> {
      const result = await db
        .updateTable('two_factor')
        .set({ last_used_step: step, updated_at: Date.now() })
        .where('user_id', '=', userId)
        .where('secret', 'is not', null)
        .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Spend an active, unused backup code; false when there is none with that hash. */
    async spendBackupCode(userId: string, codeHash: string): Promise<boolean> {
      const result = await db
        .updateTable('backup_codes')
        .set({ used_at: Date.now() })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('pending', '=', 0)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) >= 1;
    },

    /** Whether an unused backup code exists, without spending it (the setup's check-only verify). */
    async hasBackupCode(userId: string, codeHash: string): Promise<boolean> {
      const row = await db
        .selectFrom('backup_codes')
        .select('id')
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('pending', '=', 0)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Boolean(row);
    },

    async backupCodes(userId: string): Promise<BackupCodeRow[]> {
      return db
        .selectFrom('backup_codes')
        .select(['code_hash', 'used_at'])
        .where('user_id', '=', userId)
        .where('pending', '=', 0)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    async replaceBackupCodes(userId: string, codeHashes: string[]): Promise<void> {
      const now = Date.now();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('backup_codes').where('user_id', '=', userId).where('pending', '=', 0).execute();
        await trx
          .insertInto('backup_codes')
          .values(codeRows(userId, codeHashes, 0, now))
          .execute();
      });
    },

    /** Turn two-factor off: the secret and every code go. */
    async disable(userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
        await trx.deleteFrom('two_factor').where('user_id', '=', userId).execute();
        await trx
          .updateTable('users')
          .set({ two_factor_enabled: 0, updated_at: Date.now() })
          .where('id', '=', userId)
          .execute();
      });
    },
  };
}
export type TwoFactorRepo = ReturnType<typeof twoFactorRepo>;
