/**
 * The code executor contract, shaped after LibreChat's Code Interpreter API (`POST /exec`:
 * `{lang, code, session_id?, files?}` → `{session_id, stdout, stderr, files}`) so a remote engine
 * speaking that API can sit behind the same interface later. docs/sandbox.md describes it.
 */

/** Languages an engine may run (LibreChat's short names; `python`/`javascript`/`typescript` are accepted aliases). */
export type CodeLang = 'py' | 'js' | 'ts';

/** How a run ended. */
export type RunStatus =
  /** The program exited with code 0. */
  | 'ok'
  /** It exited non-zero or raised (syntax error, exception, a limit it ran into and reported). */
  | 'error'
  /** The wall clock ran out and the sandbox was killed. */
  | 'timeout'
  /** Killed by the caller's abort signal. */
  | 'aborted'
  /** Killed by a limit the watchdog enforces (memory, working-directory size) or a signal (CPU). */
  | 'killed';

/** A file the caller puts into the working directory before the run (copied, not linked). */
export interface InputFile {
  /** File name inside the working directory (a plain name, no folders). */
  name: string;
  /** Where the file is on the host. */
  path: string;
}

export interface RunRequest {
  lang: CodeLang;
  code: string;
  files?: InputFile[];
  /**
   * Keep the working directory between runs (LibreChat's `session_id`): runs with the same id see
   * each other's files. Without it every run gets a fresh directory, returned as `sessionId`.
   */
  sessionId?: string;
  /** Aborting kills the sandbox; the result has status `aborted`. */
  signal?: AbortSignal;
  /** A shorter wall clock than CODE_WALL_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** A new or changed file in the working directory after the run. */
export interface OutputFile {
  name: string;
  /** Where it is on the host (inside the session's directory). */
  path: string;
  size: number;
  mime: string;
}

export interface RunResult {
  status: RunStatus;
  /** The process exit code; null when it was killed by a signal. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** The session the working directory belongs to (the given one, or a fresh one). */
  sessionId: string;
  files: OutputFile[];
  /** Files the run made that were not returned (count or size caps), with the reason. */
  skippedFiles: { name: string; reason: string }[];
  /** Why the run ended the way it did, in words, when not `ok` for an ordinary reason. */
  reason?: string;
  /** stdout or stderr was cut at CODE_MAX_OUTPUT_BYTES. */
  truncated: boolean;
  /** The engine that ran it. */
  engine: EngineName;
  durationMs: number;
}

export type EngineName = 'native' | 'deno';

/** Whether an engine can run here; `reason` says why not (shown to operators and users). */
export type Availability =
  | { ok: true; langs: CodeLang[] /** Why a language the engine could offer is missing. */; notes?: string[] }
  | { ok: false; reason: string };

/** One way of running code in isolation. */
export interface CodeEngine {
  name: EngineName;
  /** Runs the startup probe once (cached): the engine really starts a sandbox and runs code. */
  probe(): Promise<Availability>;
  /** Runs in the prepared working directory `dir`; the executor handles sessions and files. */
  exec(req: EngineRequest): Promise<EngineOutcome>;
}

export interface EngineRequest {
  lang: CodeLang;
  code: string;
  dir: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface EngineOutcome {
  status: RunStatus;
  exitCode: number | null;
  stdout: string;
  stderr: string;
  truncated: boolean;
  reason?: string;
}

/** What the rest of the server uses. */
export interface CodeExecutor {
  /** Whether code can run at all here, and with what; `reason` when not. */
  availability(): Promise<
    | {
        ok: true;
        engine: EngineName;
        langs: CodeLang[] /** Engines or languages left out, and why. */;
        notes: string[];
      }
    | { ok: false; reason: string }
  >;
  /** Runs code; throws CodeUnavailableError when no engine can, never runs unsandboxed. */
  run(req: RunRequest): Promise<RunResult>;
  /** Deletes a session's working directory. */
  removeSession(sessionId: string): Promise<void>;
  /** Deletes the sessions no run used for `idleMs`; answers how many. */
  sweepSessions(idleMs: number): Promise<number>;
  /** Stops warm processes. */
  close(): Promise<void>;
}

export class CodeUnavailableError extends Error {
  constructor(reason: string) {
    super(`Code execution is unavailable: ${reason}`);
    this.name = 'CodeUnavailableError';
  }
}
