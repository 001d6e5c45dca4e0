import { ChatErrorTypes } from '@parley/schema';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { LimiterName, LimitsConfig, Window } from '../config/limits.ts';
import type { UsersRepo } from '../db/repos/users.ts';
import { AppError, chatRefusal } from '../errors.ts';
import type { LimitStore } from './store.ts';

/** A violation score lapses a day after the last violation that added to it. */
const SCORE_TTL_MS = 24 * 60 * 60 * 1000;

const minutes = (w: Window) => Math.round((w.windowMs / 60_000) * 100) / 100;

/** LibreChat's 429 texts, per limiter. */
const REFUSALS: Record<Exclude<LimiterName, 'message'>, (w: Window) => AppError> = {
  login: (w) =>
    new AppError(
      'login_rate_limited',
      `Too many login attempts, please try again after ${minutes(w)} minutes.`,
    ),
  register: (w) =>
    new AppError('rate_limited', `Too many accounts created, please try again after ${minutes(w)} minutes`),
  resetPassword: (w) => attempts(w),
  resetPasswordSubmission: (w) => attempts(w),
  verifyEmail: (w) => attempts(w),
  verifyEmailSubmission: (w) => attempts(w),
  import: () => new AppError('rate_limited', 'Too many conversation import requests. Try again later'),
  fork: () => new AppError('rate_limited', 'Too many conversation fork requests. Try again later'),
  fileUpload: () => new AppError('rate_limited', 'Too many file upload requests. Try again later'),
  tts: () => new AppError('rate_limited', 'Too many tts requests. Try again later'),
  stt: () => new AppError('rate_limited', 'Too many stt requests. Try again later'),
  toolCall: () => new AppError('rate_limited', 'Too many tool call requests. Try again later'),
  promptUsage: () => new AppError('rate_limited', 'Too many prompt usage requests. Try again later'),
};

function attempts(w: Window): AppError {
  return new AppError('rate_limited', `Too many attempts, please try again after ${minutes(w)} minute(s)`);
}

/** The chat error the client renders in the thread (doc 2 §8.3). */
function messageLimit(w: Window): AppError {
  return chatRefusal('message_limit', {
    type: ChatErrorTypes.MESSAGE_LIMIT,
    max: w.max,
    windowInMinutes: minutes(w),
  });
}

/** The signed-in user's id; undefined on public routes, which have no `req.user`. */
const userOf = (req: FastifyRequest): string | undefined => req.user?.id;

/**
 * Rate limits, violation scores and temporary bans (LibreChat's automated moderation, §6). Every
 * refused request adds its limiter's score to the IP's and the signed-in user's totals; with
 * BAN_VIOLATIONS on, each time a total passes a multiple of BAN_INTERVAL the IP and the user are
 * banned for BAN_DURATION. User bans reuse users.banned_until (seen by every instance through the
 * database, and lifted by an admin unban); IP bans live in the limit store.
 */
export function abuseControls(opts: {
  config: LimitsConfig;
  store: LimitStore;
  users: UsersRepo;
  log: FastifyBaseLogger;
}) {
  const { config, store, users, log } = opts;

  async function banned(ip: string): Promise<boolean> {
    return (await store.bannedUntil(`ban:ip:${ip}`)) !== null;
  }

  async function violation(req: FastifyRequest, type: string, score: number): Promise<void> {
    if (!(score > 0)) return;
    const userId = userOf(req);
    const { ban } = config;
    let crossed = false;
    for (const key of [`score:ip:${req.ip}`, ...(userId ? [`score:user:${userId}`] : [])]) {
      const { before, after } = await store.addScore(key, score, SCORE_TTL_MS);
      if (ban.interval > 0 && Math.floor(after / ban.interval) > Math.floor(before / ban.interval))
        crossed = true;
    }
    log.warn({ type, ip: req.ip, userId }, 'rate limit violation');
    if (!crossed || !ban.enabled || !(ban.durationMs > 0)) return;
    const until = Date.now() + ban.durationMs;
    await store.ban(`ban:ip:${req.ip}`, until);
    if (userId) await users.extendBan(userId, until);
    log.warn({ type, ip: req.ip, userId, until }, 'temporary ban for repeated violations');
  }

  /** Count the request against one limiter; over the limit, record the violation and answer 429. */
  async function enforce(name: LimiterName, req: FastifyRequest, bucket: string = name): Promise<void> {
    const limiter = config.limiters[name];
    const userId = userOf(req);
    const refuse = async (w: Window) => {
      await violation(req, name, limiter.score);
      return name === 'message' ? messageLimit(w) : REFUSALS[name](w);
    };
    if (limiter.ip && !(await store.hit(`limit:${bucket}:ip:${req.ip}`, limiter.ip.max, limiter.ip.windowMs)))
      throw await refuse(limiter.ip);
    if (
      limiter.user &&
      userId &&
      !(await store.hit(`limit:${bucket}:user:${userId}`, limiter.user.max, limiter.user.windowMs))
    )
      throw await refuse(limiter.user);
  }

  return {
    enforce,
    violation,
    /** A banned IP gets the spec's ban text (doc 2 §8.3). */
    async assertIpNotBanned(req: FastifyRequest): Promise<void> {
      if (await banned(req.ip)) throw new AppError('banned');
    },
    /**
     * Route hook: a banned IP is refused, then the request is counted. Public routes (login,
     * register, reset, verify) have no user, so the IP check is theirs; signed-in routes already
     * had it in auth/identify.ts. `bucket` gives a route its own counter under the same settings.
     */
    limit(name: LimiterName, bucket: string = name) {
      return async (req: FastifyRequest) => {
        if (!userOf(req) && (await banned(req.ip))) throw new AppError('banned');
        await enforce(name, req, bucket);
      };
    },
  };
}
export type AbuseControls = ReturnType<typeof abuseControls>;
