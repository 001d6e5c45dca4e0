import { PROMPT_USE_PER_MINUTE } from '@parley/schema';

/**
 * Rate limits and bans from the environment, with LibreChat's names and defaults
 * (reference/librechat.md §6). Windows are minutes (fractions allowed), BAN_DURATION milliseconds.
 */

export interface Window {
  max: number;
  windowMs: number;
}

export interface LimiterConfig {
  /** Per client IP; null when off. */
  ip: Window | null;
  /** Per signed-in user; null when off (or the route has no user). */
  user: Window | null;
  /** Violation points a refused request adds to the IP's and the user's score. */
  score: number;
}

export const LIMITER_NAMES = [
  'login',
  'register',
  'resetPassword',
  'resetPasswordSubmission',
  'verifyEmail',
  'verifyEmailSubmission',
  'message',
  'import',
  'fork',
  'fileUpload',
  'tts',
  'stt',
  'toolCall',
  'promptUsage',
] as const;
export type LimiterName = (typeof LIMITER_NAMES)[number];

export interface LimitsConfig {
  limiters: Record<LimiterName, LimiterConfig>;
  /** Replies one user may have running at once; null when the limit is off. */
  concurrentMessageMax: number | null;
  concurrentScore: number;
  ban: {
    enabled: boolean;
    /** A ban starts each time a score passes a multiple of this. */
    interval: number;
    durationMs: number;
  };
}

/**
 * POST /api/agents/tools/:toolId/call (the run button): one call a second per user, LibreChat's
 * tool call limiter (fixed there, so no env names either).
 */
export const TOOL_CALL_MAX = 1;
export const TOOL_CALL_WINDOW_MS = 1000;

/** POST /api/prompts/groups/:groupId/use: LibreChat's prompt usage limiter, 30 a minute per user. */
export const PROMPT_USAGE_WINDOW_MS = 60_000;

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.trim().toLowerCase());
}

/**
 * A non-negative number; like LibreChat, a product such as `1000 * 60 * 60 * 2` is accepted
 * (its .env.example writes BAN_DURATION that way).
 */
export function envNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value.trim() === '') return fallback;
  const factors = value.split('*').map((f) => Number(f.trim()));
  const n = factors.reduce((a, b) => a * b, 1);
  if (factors.some((f) => Number.isNaN(f)) || !Number.isFinite(n) || n < 0)
    throw new Error(`Invalid value for ${name}: "${value}" (expected a number)`);
  return n;
}

function window(env: NodeJS.ProcessEnv, prefix: string, max: number, minutes: number): Window {
  return {
    max: envNumber(env, `${prefix}_MAX`, max),
    windowMs: Math.max(1, Math.round(envNumber(env, `${prefix}_WINDOW`, minutes) * 60_000)),
  };
}

/** IP and user windows of one limiter named like LibreChat's `<NAME>_IP_MAX`, `<NAME>_USER_WINDOW`… */
function ipAndUser(
  env: NodeJS.ProcessEnv,
  name: string,
  d: { ipMax: number; userMax: number; minutes: number; score: number },
): LimiterConfig {
  return {
    ip: window(env, `${name}_IP`, d.ipMax, d.minutes),
    user: window(env, `${name}_USER`, d.userMax, d.minutes),
    score: envNumber(env, `${name}_VIOLATION_SCORE`, d.score),
  };
}

export function loadLimits(env: NodeJS.ProcessEnv): LimitsConfig {
  const reset = window(env, 'RESET_PASSWORD', 2, 2);
  const verify = window(env, 'VERIFY_EMAIL', 2, 2);
  const resetScore = envNumber(env, 'RESET_PASSWORD_VIOLATION_SCORE', 1);
  const verifyScore = envNumber(env, 'VERIFY_EMAIL_VIOLATION_SCORE', 1);
  return {
    limiters: {
      login: {
        ip: window(env, 'LOGIN', 7, 5),
        user: null,
        score: envNumber(env, 'LOGIN_VIOLATION_SCORE', 1),
      },
      register: {
        ip: window(env, 'REGISTER', 5, 60),
        user: null,
        score: envNumber(env, 'REGISTRATION_VIOLATION_SCORE', 1),
      },
      resetPassword: { ip: reset, user: null, score: resetScore },
      // The submissions have their own counters, defaulting to the request limiter's settings.
      resetPasswordSubmission: {
        ip: window(env, 'RESET_PASSWORD_SUBMISSION', reset.max, reset.windowMs / 60_000),
        user: null,
        score: envNumber(env, 'RESET_PASSWORD_SUBMISSION_VIOLATION_SCORE', resetScore),
      },
      verifyEmail: { ip: verify, user: null, score: verifyScore },
      verifyEmailSubmission: {
        ip: window(env, 'VERIFY_EMAIL_SUBMISSION', verify.max, verify.windowMs / 60_000),
        user: null,
        score: envNumber(env, 'VERIFY_EMAIL_SUBMISSION_VIOLATION_SCORE', verifyScore),
      },
      message: {
        ip: bool(env.LIMIT_MESSAGE_IP, true) ? window(env, 'MESSAGE_IP', 40, 1) : null,
        user: bool(env.LIMIT_MESSAGE_USER, false) ? window(env, 'MESSAGE_USER', 40, 1) : null,
        score: envNumber(env, 'MESSAGE_VIOLATION_SCORE', 1),
      },
      import: ipAndUser(env, 'IMPORT', { ipMax: 100, userMax: 50, minutes: 15, score: 0 }),
      fork: ipAndUser(env, 'FORK', { ipMax: 30, userMax: 7, minutes: 1, score: 0 }),
      fileUpload: ipAndUser(env, 'FILE_UPLOAD', { ipMax: 100, userMax: 50, minutes: 15, score: 0 }),
      tts: ipAndUser(env, 'TTS', { ipMax: 100, userMax: 50, minutes: 1, score: 0 }),
      stt: ipAndUser(env, 'STT', { ipMax: 100, userMax: 50, minutes: 1, score: 0 }),
      toolCall: { ip: null, user: { max: TOOL_CALL_MAX, windowMs: TOOL_CALL_WINDOW_MS }, score: 0 },
      promptUsage: {
        ip: null,
        user: { max: PROMPT_USE_PER_MINUTE, windowMs: PROMPT_USAGE_WINDOW_MS },
        score: 0,
      },
    },
    concurrentMessageMax: bool(env.LIMIT_CONCURRENT_MESSAGES, true)
      ? envNumber(env, 'CONCURRENT_MESSAGE_MAX', 2)
      : null,
    concurrentScore: envNumber(env, 'CONCURRENT_VIOLATION_SCORE', 1),
    ban: {
      enabled: bool(env.BAN_VIOLATIONS, true),
      interval: envNumber(env, 'BAN_INTERVAL', 20),
      durationMs: envNumber(env, 'BAN_DURATION', 2 * 60 * 60 * 1000),
    },
  };
}
