import { hasPermission, SystemRoles } from '@parley/schema';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useRoles } from '../../api/auth.ts';
import { useSession } from '../../store/session.ts';

/** doc 2 §9: a user without the permission is sent to /chat/new after 1 s. */
export const NO_PERMISSION_REDIRECT_MS = 1000;

export type PromptAccess = {
  /** The role's permissions are known. */
  loaded: boolean;
  use: boolean;
  create: boolean;
  sharedGlobal: boolean;
  isAdmin: boolean;
  userId: string | null;
};

/** The signed-in user's PROMPTS permissions (doc 2 §6), with the server's check. */
export function usePromptAccess(): PromptAccess {
  const user = useSession((s) => s.user);
  const roles = useRoles();
  const isAdmin = user?.role === SystemRoles.ADMIN;
  const role = isAdmin ? roles.admin : roles.user;
  return {
    loaded: Boolean(role),
    use: hasPermission(role, 'PROMPTS', 'USE'),
    create: hasPermission(role, 'PROMPTS', 'CREATE'),
    sharedGlobal: hasPermission(role, 'PROMPTS', 'SHARED_GLOBAL'),
    isAdmin,
    userId: user?.id ?? null,
  };
}

/** Go to /chat/new after 1 s while `denied` (doc 2 §2.5). */
export function useRedirectWhenDenied(denied: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!denied) return;
    const timer = setTimeout(() => navigate('/chat/new', { replace: true }), NO_PERMISSION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [denied, navigate]);
}
