// Plain async functions, not hooks: each two-factor step is a dialog's imperative flow (enable,
// confirm, download codes) that awaits one answer and then updates the session user itself.
import {
  type BackupCodesResult,
  type LoginResult,
  paths,
  type TwoFactorCodeBody,
  type TwoFactorEnableResult,
  type TwoFactorVerifyTempBody,
} from '@parley/schema';
import { useSession } from '../store/session.ts';
import { authKeys } from './auth.ts';
import { apiRequest } from './client.ts';
import { queryClient } from './query-client.ts';

/** Two-factor calls (doc 3 §7 Account; doc 2 §7 verifyTwoFactorTemp). */
export const enableTwoFactor = () =>
  apiRequest<TwoFactorEnableResult>(paths.twoFactorEnable, { method: 'POST' });

export const verifyTwoFactor = (body: TwoFactorCodeBody) =>
  apiRequest<{ message: string }>(paths.twoFactorVerify, { method: 'POST', body });

export const confirmTwoFactor = (token: string) =>
  apiRequest<{ message: string }>(paths.twoFactorConfirm, { method: 'POST', body: { token } });

export const disableTwoFactor = (body: TwoFactorCodeBody) =>
  apiRequest<{ message: string }>(paths.twoFactorDisable, { method: 'POST', body });

export const regenerateBackupCodes = (body: TwoFactorCodeBody) =>
  apiRequest<BackupCodesResult>(paths.twoFactorRegenerate, { method: 'POST', body });

/** The second login step: on success the session starts exactly as after a normal login. */
export async function verifyTwoFactorTemp(body: TwoFactorVerifyTempBody): Promise<LoginResult> {
  const result = await apiRequest<LoginResult>(paths.twoFactorVerifyTemp, {
    method: 'POST',
    body,
    auth: false,
    credentials: 'include',
  });
  if (result.token && result.user) {
    queryClient.setQueryData(authKeys.user, result.user);
    useSession.getState().signedIn(result.token, result.user);
  }
  return result;
}

/** After a change, the signed-in user's flag and the cached /api/user follow. */
export function twoFactorChanged(enabled: boolean) {
  const { user } = useSession.getState();
  if (user) useSession.setState({ user: { ...user, twoFactorEnabled: enabled } });
  void queryClient.invalidateQueries({ queryKey: authKeys.user });
}

/** A typed disable/regenerate code: 6 digits is an app code, 8 characters a backup code; else nothing. */
export function codeBody(input: string): TwoFactorCodeBody | null {
  const value = input.replace(/[\s-]/g, '');
  if (/^\d{6}$/.test(value)) return { token: value };
  if (/^[0-9a-zA-Z]{8}$/.test(value)) return { backupCode: value.toLowerCase() };
  return null;
}
