/** What a tool-call block shows (doc 2 §4.12). */
export type ToolCallState = 'running' | 'finished' | 'error' | 'waiting' | 'denied';

export type ToolCallStatus = {
  state: ToolCallState;
  /** Show the sign-in link and the trust warning. */
  needsAuth: boolean;
};

/** Output text that marks a failed call, compared case-insensitively. */
const ERROR_OUTPUT = 'error processing tool';

/** `expires_at` may be in seconds or milliseconds; anything below 1e12 ms (2001) is seconds. */
const toMs = (t: number) => (t < 1e12 ? t * 1000 : t);

/**
 * The state of a tool call (doc 2 §4.12): below progress 1 it runs while the reply is being
 * generated and has failed once it no longer is (the run ended without finishing it); at 1 it is
 * finished unless its output says it failed. A sign-in URL on an unfinished call asks the user to
 * sign in, until it expires. A call that needs approval waits for it (the run is paused, not
 * failed) and, once denied, is shown as denied rather than failed.
 */
export function toolCallStatus(
  call: {
    progress: number;
    output?: string | null;
    auth?: string | null;
    expiresAt?: number | null;
    approval?: 'pending' | 'approved' | 'denied' | null;
  },
  isSubmitting: boolean,
  now: number = Date.now(),
): ToolCallStatus {
  const finished = call.progress >= 1;
  const failedOutput = (call.output ?? '').toLowerCase().includes(ERROR_OUTPUT);
  const state: ToolCallState =
    call.approval === 'pending' && !finished
      ? 'waiting'
      : call.approval === 'denied'
        ? 'denied'
        : failedOutput || (!finished && !isSubmitting)
          ? 'error'
          : finished
            ? 'finished'
            : 'running';
  const expired = call.expiresAt != null && toMs(call.expiresAt) <= now;
  return { state, needsAuth: Boolean(call.auth) && !finished && !expired };
}
