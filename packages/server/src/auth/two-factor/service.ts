import type { BackupCodesResult, TwoFactorEnableResult } from '@parley/schema';
import type { SecretBox } from '../../crypto/secret-box.ts';
import type { TwoFactorRepo } from '../../db/repos/two-factor.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { backupCodeHasher, generateBackupCodes } from './backup-codes.ts';
import { matchTotpStep, newTotpSecret, totpUri } from './totp.ts';

/** A code as the routes receive it: a 6-digit token or an 8-character backup code. */
export interface TwoFactorCode {
  token?: string;
  backupCode?: string;
}

/**
 * Two-factor rules (doc 3 §4–§6): only local accounts set it up; enable starts a pending setup that
 * confirm activates; a spent code (TOTP step or backup code) never works again. Once it is on, codes
 * are checked whatever the sign-in route (a local account linked to LDAP or OpenID keeps its factor).
 */
export function twoFactorService(deps: {
  repo: TwoFactorRepo;
  box: SecretBox;
  credsKey: string;
  issuer: string;
}) {
  const { repo, box } = deps;
  const hashCode = backupCodeHasher(deps.credsKey);

  const requireLocal = (user: UserRow) => {
    if (user.provider !== 'local') throw new AppError('two_fa_local_only');
  };

  /** The active secret in plain text; two-factor must be on. */
  async function activeSecret(user: UserRow): Promise<string> {
    const row = await repo.get(user.id);
    if (user.two_factor_enabled !== 1 || !row?.secret) throw new AppError('two_fa_not_enabled');
    return box.open(row.secret);
  }

  /** Check and spend a code: the TOTP step is remembered, a backup code is marked used. */
  async function consume(user: UserRow, code: TwoFactorCode): Promise<void> {
    if (code.token) {
      const step = matchTotpStep(await activeSecret(user), code.token);
      if (step === null || !(await repo.recordStep(user.id, step))) throw new AppError('two_fa_invalid_code');
      return;
    }
    if (user.two_factor_enabled !== 1) throw new AppError('two_fa_not_enabled');
    if (!code.backupCode || !(await repo.spendBackupCode(user.id, hashCode(code.backupCode))))
      throw new AppError('two_fa_invalid_code');
  }

  return {
    consume,

    async enable(user: UserRow): Promise<TwoFactorEnableResult> {
      requireLocal(user);
      if (user.two_factor_enabled === 1) throw new AppError('two_fa_already_enabled');
      const secret = newTotpSecret();
      const backupCodes = generateBackupCodes();
      await repo.startSetup(user.id, box.seal(secret), backupCodes.map(hashCode));
      return { otpauthUrl: totpUri(secret, { issuer: deps.issuer, label: user.email }), backupCodes };
    },

    /**
     * Check a code without spending it: the setup's Verify step (against the pending secret) and the
     * disable dialog's check before it calls disable with the same code.
     */
    async verify(user: UserRow, code: TwoFactorCode): Promise<void> {
      if (user.two_factor_enabled === 1) {
        const ok = code.token
          ? matchTotpStep(await activeSecret(user), code.token) !== null
          : await repo.hasBackupCode(user.id, hashCode(code.backupCode ?? ''));
        if (!ok) throw new AppError('two_fa_invalid_code');
        return;
      }
      requireLocal(user);
      const row = await repo.get(user.id);
      if (!row?.pending_secret) throw new AppError('two_fa_not_pending');
      if (!code.token || matchTotpStep(box.open(row.pending_secret), code.token) === null)
        throw new AppError('two_fa_invalid_code');
    },

    async confirm(user: UserRow, token: string): Promise<void> {
      requireLocal(user);
      if (user.two_factor_enabled === 1) throw new AppError('two_fa_already_enabled');
      const row = await repo.get(user.id);
      if (!row?.pending_secret) throw new AppError('two_fa_not_pending');
      const step = matchTotpStep(box.open(row.pending_secret), token);
      if (step === null) throw new AppError('two_fa_invalid_code');
      if (!(await repo.confirm(user.id, row.pending_secret, step))) throw new AppError('two_fa_not_pending');
    },

    async disable(user: UserRow, code: TwoFactorCode): Promise<void> {
      await consume(user, code);
      await repo.disable(user.id);
    },

    async regenerate(user: UserRow, code: TwoFactorCode): Promise<BackupCodesResult> {
      await consume(user, code);
      const backupCodes = generateBackupCodes();
      await repo.replaceBackupCodes(user.id, backupCodes.map(hashCode));
      const rows = await repo.backupCodes(user.id);
      return {
        backupCodes,
        backupCodesHash: rows.map((r) => ({
          codeHash: r.code_hash,
          used: r.used_at !== null,
          usedAt: r.used_at,
        })),
      };
    },
  };
}
export type TwoFactorService = ReturnType<typeof twoFactorService>;
