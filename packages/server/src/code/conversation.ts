import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ToolCallAttachment } from '@parley/schema';
import { conversationSessionId, serialBySession } from './session-key.ts';
import {
  type CodeExecutor,
  type CodeLang,
  CodeUnavailableError,
  type InputFile,
  type RunResult,
} from './types.ts';

/** Whose run it is and where it belongs: the files it makes are this user's, on this message. */
export interface RunOwner {
  userId: string;
  conversationId: string;
  messageId: string;
}

/**
 * What running code needs of the files store (files/code-files.ts implements it; services.ts hands
 * it in, so code/ does not depend on the files capability).
 */
export interface CodeFilesPort {
  /**
   * Copies files into `dir` for the run: `owned` are ids of the user's own files (another user's
   * are not found), `listed` the exact ids an agent lists (attaching them checked the uploader).
   */
  stage(
    dir: string,
    files: { userId: string; owned: readonly string[]; listed: readonly string[] },
  ): Promise<{ files: InputFile[]; notes: string[] }>;
  /** Stores the run's new files as the user's and answers them as attachments. */
  keep(run: RunResult, owner: RunOwner): Promise<{ attachments: ToolCallAttachment[]; notes: string[] }>;
}

export interface ConversationRunRequest extends RunOwner {
  lang: CodeLang;
  code: string;
  /** Files to copy into the working directory before the run (CodeFilesPort.stage). */
  inputs: { owned: readonly string[]; listed: readonly string[] };
  signal?: AbortSignal;
}

export interface ConversationRun {
  run: RunResult;
  attachments: ToolCallAttachment[];
  /** Files not copied in or not kept, with why (said to the model; the user sees the attachments). */
  notes: string[];
}

/**
 * Code runs of conversations (the run button and the agents' execute_code): one sandbox session
 * per user and conversation, its runs one at a time; the chosen files copied in first, the files
 * a run makes stored as the user's afterwards. Nothing runs when no engine can (CodeUnavailableError).
 */
export function conversationCode(deps: { executor: CodeExecutor; sessionKey: string; files: CodeFilesPort }) {
  const serial = serialBySession();
  return {
    availability: () => deps.executor.availability(),

    async run(req: ConversationRunRequest): Promise<ConversationRun> {
      const available = await deps.executor.availability();
      if (!available.ok) throw new CodeUnavailableError(available.reason);
      const sessionId = conversationSessionId(deps.sessionKey, req.userId, req.conversationId);
      return serial(sessionId, async () => {
        // The inputs pass through a private temporary folder: the executor copies from host paths,
        // and the files store need not be a local disk.
        const staging = await mkdtemp(path.join(tmpdir(), 'parley-code-in-'));
        try {
          const inputs = await deps.files.stage(staging, { userId: req.userId, ...req.inputs });
          const run = await deps.executor.run({
            lang: req.lang,
            code: req.code,
            files: inputs.files,
            sessionId,
            signal: req.signal,
          });
          const kept = await deps.files.keep(run, req);
          return {
            run,
            attachments: kept.attachments,
            notes: [
              ...inputs.notes,
              ...run.skippedFiles.map((f) => `${f.name} was not returned: ${f.reason}`),
              ...kept.notes,
            ],
          };
        } finally {
          await rm(staging, { recursive: true, force: true });
        }
      });
    },
  };
}
export type ConversationCode = ReturnType<typeof conversationCode>;
