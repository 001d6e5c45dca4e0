import { tmpdir } from 'node:os';
import path from 'node:path';

/** CODE_EXECUTOR: `auto` (native when its probe passes, else deno), `native`, `deno` or `off`. */
export type CodeExecutorMode = 'auto' | 'native' | 'deno' | 'off';

export interface CodeConfig {
  mode: CodeExecutorMode;
  /** CODE_WORK_DIR: where session working directories live (never inside DATA_DIR's files). */
  workDir: string;
  /** CODE_SANDBOX_UID: the uid (and gid) sandboxes run as when the server runs as root. */
  sandboxUid: number;
}

export function loadCodeConfig(env: NodeJS.ProcessEnv): CodeConfig {
  const mode = (env.CODE_EXECUTOR || 'auto').toLowerCase();
  if (!['auto', 'native', 'deno', 'off'].includes(mode)) {
    throw new Error(
      `Invalid value for CODE_EXECUTOR: "${env.CODE_EXECUTOR}" (expected auto, native, deno or off)`,
    );
  }
  const uid = Number(env.CODE_SANDBOX_UID ?? 65534);
  if (!Number.isInteger(uid) || uid <= 0)
    throw new Error(`Invalid value for CODE_SANDBOX_UID: "${env.CODE_SANDBOX_UID}"`);
  const user = typeof process.getuid === 'function' ? process.getuid() : 'user';
  return {
    mode: mode as CodeExecutorMode,
    workDir: path.resolve(env.CODE_WORK_DIR || path.join(tmpdir(), `parley-code-${user}`)),
    sandboxUid: uid,
  };
}
