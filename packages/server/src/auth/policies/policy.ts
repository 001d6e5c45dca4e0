import {
  type ErrorCode,
  hasPermission,
  type Permission,
  type PermissionType,
  type RoleLike,
  SystemRoles,
} from '@parley/schema';
import type { FastifyRequest } from 'fastify';
import type { RolesRepo } from '../../db/repos/roles.ts';
import { AppError } from '../../errors.ts';

/**
 * How the server decides who may do what (DESIGN §5, Outline's policies): each entity has a file in
 * this folder of pure `canX(actor, …)` functions, and routes call `authorize(policy.canX(…))` or,
 * for a whole plugin or route gated by one permission, the `requirePermission` preHandler. Nothing
 * else calls `hasPermission` or compares roles.
 */

/** The signed-in user as the request knows them (the role is read fresh per request). */
export interface SignedIn {
  id: string;
  role: string;
}

/** A signed-in user with their role's permissions loaded, for the rules that read them. */
export interface Actor extends SignedIn {
  permissions: RoleLike | undefined;
}

/**
 * A policy's answer: true allows; false refuses with 403 `forbidden`; an error code refuses with
 * that code, when the client must tell the refusal apart (e.g. `admin_self`).
 */
export type PolicyResult = boolean | ErrorCode;

export const isAdmin = (user: { role: string }) => user.role === SystemRoles.ADMIN;

export function can(actor: Actor, type: PermissionType, perm: Permission): boolean {
  return hasPermission(actor.permissions, type, perm);
}

export async function loadActor(roles: RolesRepo, user: SignedIn): Promise<Actor> {
  return { id: user.id, role: user.role, permissions: await roles.get(user.role) };
}

/** Throw the refusal a policy answered; return when it allowed. */
export function authorize(result: PolicyResult): void {
  if (result === true) return;
  throw new AppError(result === false ? 'forbidden' : result);
}

/** A preHandler answering 403 unless the signed-in user's role grants the permission. */
export function requirePermission(roles: RolesRepo, type: PermissionType, perm: Permission) {
  return async (req: FastifyRequest) => authorize(can(await loadActor(roles, req.user), type, perm));
}
