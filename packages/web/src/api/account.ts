import { type AvatarResult, paths, type TermsState } from '@parley/schema';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { useAuthedQuery } from './query-client.ts';

export const accountKeys = { terms: ['user', 'terms'] as const };

/**
 * POST /api/files/images/avatar: multipart with the cropped picture as `file` and `manual: true`
 * (doc 3 §7 Account).
 */
export function uploadAvatar(image: Blob, filename: string): Promise<AvatarResult> {
  const form = new FormData();
  form.append('file', image, filename);
  form.append('manual', 'true');
  return apiRequest<AvatarResult>(paths.avatarUpload, { method: 'POST', body: form });
}

/** DELETE /api/user: the account and everything it owns (doc 3 §4). */
export const deleteAccount = () => apiRequest<void>(paths.user, { method: 'DELETE', credentials: 'include' });

export const termsQuery = () =>
  queryOptions({
    queryKey: accountKeys.terms,
    queryFn: ({ signal }) => apiRequest<TermsState>(paths.userTerms, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The signed-in user's terms state, asked for only when the config requires acceptance. */
export const useTermsState = (required: boolean) => useAuthedQuery({ ...termsQuery(), enabled: required });

export const acceptTerms = () => apiRequest<TermsState>(paths.userTermsAccept, { method: 'POST' });
