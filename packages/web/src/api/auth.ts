// Plain async functions, not hooks: login, register and logout are imperative flows a page awaits
// step by step (navigate, count down, sign in again), and they change the session store itself.
import {
  type LoginBody,
  type LoginResult,
  paths,
  type RegisterBody,
  type Role,
  SystemRoles,
  type User,
} from '@parley/schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../store/session.ts';
import { ApiError, apiRequest, refreshSession } from './client.ts';

export const authKeys = {
  user: ['user'] as const,
  role: (name: string) => ['roles', name] as const,
};

/** Called once on app load: the refresh cookie, if any, turns into a session. */
export async function bootstrapSession(): Promise<void> {
  const result = await refreshSession();
  if (!result) useSession.getState().signedOut();
}

export async function login(body: LoginBody): Promise<LoginResult> {
  const result = await apiRequest<LoginResult>(paths.login, {
    method: 'POST',
    body,
    auth: false,
    credentials: 'include',
  });
  // Two-factor on: no session yet; the caller goes to /login/2fa with the tempToken.
  if (result.twoFAPending && result.tempToken) return result;
  if (!result.token || !result.user) throw new ApiError(500, 'http_error', 'Unexpected login response.');
  useSession.getState().signedIn(result.token, result.user);
  return result;
}

export function register(body: RegisterBody): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(paths.register, {
    method: 'POST',
    body,
    auth: false,
    credentials: 'include',
  });
}

/** Tell the server (clears the refresh cookie); local state is cleared by the caller either way. */
export async function logoutRequest(): Promise<void> {
  try {
    await apiRequest(paths.logout, { method: 'POST', credentials: 'include' });
  } catch {
    // Logging out must always work locally.
  }
}

export const userQuery = () =>
  queryOptions({
    queryKey: authKeys.user,
    queryFn: ({ signal }) => apiRequest<User>(paths.user, { signal }),
  });

export const roleQuery = (name: string) =>
  queryOptions({
    queryKey: authKeys.role(name),
    queryFn: ({ signal }) => apiRequest<Role>(paths.role(name), { signal }),
    staleTime: 5 * 60_000,
  });

/** Role definitions are loaded after login: USER always, ADMIN too for admins (doc 1 §4). */
export function useRoles(): { user: Role | undefined; admin: Role | undefined } {
  const session = useSession();
  const authed = session.status === 'authenticated';
  const isAdmin = session.user?.role === SystemRoles.ADMIN;
  const user = useQuery({ ...roleQuery(SystemRoles.USER), enabled: authed });
  const admin = useQuery({ ...roleQuery(SystemRoles.ADMIN), enabled: authed && isAdmin });
  return { user: user.data, admin: admin.data };
}
