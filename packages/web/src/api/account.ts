import { type AvatarResult, paths, type TermsState } from '@parley/schema';
import { queryOptions } from '@tanstack/react-query';
import { getAccessToken } from '../store/session.ts';
import { apiRequest, refreshSession, toApiError } from './client.ts';

export const accountKeys = { terms: ['user', 'terms'] as const };

/**
 * POST /api/files/images/avatar: multipart with the cropped picture as `file` and `manual: true`
 * (doc 3 §7 Account). Retries once after a token refresh, like every authenticated call.
 */
export async function uploadAvatar(image: Blob, filename: string): Promise<AvatarResult> {
  const send = (token: string | null) => {
    const form = new FormData();
    form.append('file', image, filename);
    form.append('manual', 'true');
    return fetch(paths.avatarUpload, {
      method: 'POST',
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: form,
      credentials: 'same-origin',
    });
  };
  let res = await send(getAccessToken());
  if (res.status === 401) {
    const refreshed = await refreshSession();
    if (refreshed) res = await send(refreshed.token);
  }
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as AvatarResult;
}

/** DELETE /api/user: the account and everything it owns (doc 3 §4). */
export const deleteAccount = () => apiRequest<void>(paths.user, { method: 'DELETE', credentials: 'include' });

export const termsQuery = () =>
  queryOptions({
    queryKey: accountKeys.terms,
    queryFn: ({ signal }) => apiRequest<TermsState>(paths.userTerms, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const acceptTerms = () => apiRequest<TermsState>(paths.userTermsAccept, { method: 'POST' });
