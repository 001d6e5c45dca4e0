import { ChatErrorTypes, type ChatRequest } from '@parley/schema';
import type { FastifyRequest } from 'fastify';
import { agentsPolicy } from '../auth/policies/agents.ts';
import { codePolicy } from '../auth/policies/code.ts';
import { conversationPolicy } from '../auth/policies/conversation.ts';
import { authorize, loadActor } from '../auth/policies/policy.ts';
import type { BalanceService } from '../balance/service.ts';
import type { Db } from '../db/index.ts';
import type { RolesRepo } from '../db/repos/roles.ts';
import { chatRefusal } from '../errors.ts';
import type { GenerationStore } from '../generation/store.ts';
import type { AbuseControls } from '../limits/abuse.ts';

/**
 * The checks POST /api/chat runs before anything is saved, as preHandlers. Limits answer with the
 * chat error the client renders in the thread (doc 2 §8.3).
 */

/**
 * The composer's execute_code toggle counts only with the run-code use permission (doc 3 §6: the
 * toggle is hidden without it). Dropped, not refused: a toggle left on in a browser after the
 * permission was taken away must not stop the user from chatting.
 */
export function dropRunCodeToggle(roles: RolesRepo) {
  return async (req: FastifyRequest<{ Body: ChatRequest }>) => {
    const toggles = req.body.ephemeralAgent;
    if (toggles?.execute_code && !codePolicy.canRun(await loadActor(roles, req.user)))
      req.body.ephemeralAgent = { ...toggles, execute_code: false };
  };
}

/** A new temporary chat needs the temporary-chat use permission (LibreChat's TEMPORARY_CHAT). */
export function requireTemporaryChat(roles: RolesRepo) {
  return async (req: FastifyRequest<{ Body: ChatRequest }>) => {
    if (req.body.isTemporary)
      authorize(conversationPolicy.canStartTemporary(await loadActor(roles, req.user)));
  };
}

/**
 * A chat with an agent (or a tool approval, which has no endpoint) needs AGENTS USE (doc 3 §6).
 * `endpointOf` says which endpoint the request really runs on (a model spec may name `agents`).
 */
export function requireAgentsUse(
  roles: RolesRepo,
  endpointOf: (body: { endpoint?: string }) => string | undefined = (body) => body.endpoint,
) {
  return async (req: FastifyRequest) => {
    const endpoint = endpointOf(req.body as { endpoint?: string });
    if (endpoint === undefined || endpoint === 'agents')
      authorize(agentsPolicy.canUse(await loadActor(roles, req.user)));
  };
}

/** At most CONCURRENT_MESSAGE_MAX replies generating at once per user (null: no limit). */
export function concurrencyGuard(
  generations: GenerationStore,
  abuse: AbuseControls,
  limits: { concurrentMessageMax: number | null; concurrentScore: number },
) {
  const { concurrentMessageMax: max, concurrentScore } = limits;
  return async (req: FastifyRequest) => {
    if (max === null || generations.active(req.user.id).length < max) return;
    await abuse.violation(req, 'concurrent', concurrentScore);
    throw chatRefusal('concurrent', { type: ChatErrorTypes.CONCURRENT, limit: max });
  };
}

/** With balances on, a user who cannot spend is refused (token_balance). */
export function balanceGuard(balance: BalanceService, db: Db) {
  return async (req: FastifyRequest) => {
    if (balance.enabled && !(await balance.canSpend(db, req.user.id)))
      throw chatRefusal('token_balance', { type: ChatErrorTypes.TOKEN_BALANCE });
  };
}
